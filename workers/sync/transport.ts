import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import { serverAuthHeaders } from './serverAuth.ts';
import type {
  Checkpoint,
  MutationBatch,
  MutationBatchResponse,
  PullResponse,
  ReplicaDoc,
  StreamClosing,
  StreamMessage,
} from '../../src/domain/sync/protocol.ts';

/** Why a call to the server failed; the code survives structured cloning and drives retry decisions. */
export type TransportErrorCode = 'network' | 'unauthorized' | 'server' | 'client';

export class TransportError extends Error {
  constructor(
    readonly code: TransportErrorCode,
    message: string,
    readonly status?: number,
    /** For a 401: the server's code, such as 'user-inactive' when the account was switched off. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** A 401's reason as the server gave it (its body's code), so the console can say why the session ended. */
async function sessionEnded(response: Response): Promise<TransportError> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown };
  return new TransportError('unauthorized', 'Your session has ended', 401, typeof body.code === 'string' ? body.code : 'unauthorized');
}

/** Everything the sync engine needs from the server; tests wrap it to drop, repeat, reorder or delay replies. */
export type SyncTransport = {
  /** `count`: also ask how many documents follow the checkpoint (`remaining`), for a first load's progress. */
  pull(collection: SyncedCollection, checkpoint: Checkpoint | null, limit: number, scope?: string, count?: boolean): Promise<PullResponse>;
  docs(collection: SyncedCollection, ids: string[]): Promise<ReplicaDoc[]>;
  push(batch: MutationBatch): Promise<MutationBatchResponse>;
  /**
   * Holds the live stream open, calling back per message; settles when the stream ends, with the server's
   * reconnect hint when its process was shutting down.
   */
  stream(onMessage: (message: StreamMessage) => void, onOpen: () => void, signal: AbortSignal): Promise<StreamClosing | void>;
};

/** `accessToken`: a Bearer token (Node tests); without it the browser's session cookie is used. */
export type HttpTransportOptions = { baseUrl: string; accessToken?: string; fetch?: typeof fetch };

export function httpTransport(options: HttpTransportOptions): SyncTransport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = serverAuthHeaders(options.accessToken);

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    } catch (error) {
      throw new TransportError('network', error instanceof Error ? error.message : 'network failure');
    }
    if (response.status === 401) throw await sessionEnded(response);
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      const code: TransportErrorCode = response.status >= 500 || response.status === 429 || response.status === 408 ? 'server' : 'client';
      throw new TransportError(code, body.message ?? `HTTP ${response.status}`, response.status);
    }
    try {
      return (await response.json()) as T;
    } catch {
      throw new TransportError('network', 'The answer was cut off');
    }
  }

  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  return {
    pull(collection, checkpoint, limit, scope, count) {
      const query = new URLSearchParams({ collection, limit: String(limit) });
      if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
      if (scope) query.set('scope', scope);
      if (count) query.set('count', '1');
      return call<PullResponse>(`/sync/pull?${query}`);
    },
    async docs(collection, ids) {
      return (await call<{ documents: ReplicaDoc[] }>('/sync/docs', json({ collection, ids }))).documents;
    },
    push(batch) {
      return call<MutationBatchResponse>('/sync/mutations', json(batch));
    },
    async stream(onMessage, onOpen, signal) {
      let response: Response;
      try {
        response = await doFetch(`${options.baseUrl}/sync/stream`, { headers: { ...headers, accept: 'text/event-stream' }, signal });
      } catch (error) {
        throw new TransportError('network', error instanceof Error ? error.message : 'network failure');
      }
      if (response.status === 401) throw await sessionEnded(response);
      if (!response.ok || !response.body) throw new TransportError('server', `HTTP ${response.status}`, response.status);
      onOpen();
      let closing: StreamClosing | undefined;
      await readServerSentEvents(response.body, (event, data) => {
        if (event === 'changes') onMessage(JSON.parse(data) as StreamMessage);
        if (event === 'closing') closing = JSON.parse(data) as StreamClosing;
      });
      return closing;
    },
  };
}

/** A minimal text/event-stream reader: `event:` and `data:` lines, blank line ends an event. */
async function readServerSentEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        if (line === '') {
          if (data.length > 0) onEvent(event, data.join('\n'));
          event = 'message';
          data = [];
        } else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
    }
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return;
    throw new TransportError('network', 'The live stream was interrupted');
  } finally {
    reader.releaseLock();
  }
}
