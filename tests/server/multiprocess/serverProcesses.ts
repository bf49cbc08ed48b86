import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StreamMessage } from '../../../src/domain/sync/protocol.ts';
import { clientHash } from '../../../src/domain/auth/clientHash.ts';
import { DEMO_ACCOUNTS } from '../../../server/db/seed/demoSeed.ts';

/**
 * Real server processes (`node --import tsx server/main.ts`) on one PostgreSQL database, for the multi-process test
 * and benchmark: each started on a free port, stopped by signal, its output kept for a failure's message.
 */
export type ServerProcess = {
  base: string;
  pid: number;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stop(graceMs?: number): Promise<number | string>;
};

const READY = /serving on (http:\/\/\S+)/;

export function startServerProcess(env: Record<string, string>, startTimeoutMs = 30_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', STATIC_DIR: './.tmp/no-build', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server process did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = READY.exec(output);
      if (!ready?.[1] || !child.pid) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => void (output += more.toString()));
      const pid = child.pid;
      resolve({
        base: ready[1].replace(/\/$/, ''),
        pid,
        output: () => output,
        exited,
        signal: (name) => void child.kill(name),
        async stop(graceMs = 15_000) {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          child.kill('SIGTERM');
          const late = setTimeout(() => child.kill('SIGKILL'), graceMs);
          const result = await exited;
          clearTimeout(late);
          return result;
        },
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server process exited (${code}) before serving:\n${output}`));
    });
  });
}

/** A new, empty database beside the one `url` names (the server processes migrate and seed it); drop() removes it. */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mp_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export type Headers = Record<string, string>;

/** A JSON call; a status of 300 or above throws with the body, unless `allowStatus` says otherwise. */
export async function call<T = unknown>(base: string, headers: Headers, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs a demo account in through /token; answers the status, and the Bearer header when it was accepted. */
export async function signIn(base: string, username: string, password?: string): Promise<{ status: number; headers: Headers | null }> {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username);
  if (!account) throw new Error(`unknown demo account ${username}`);
  const response = await fetch(`${base}/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await clientHash(username, password ?? account.password) }),
  });
  const body = (await response.json()) as { access_token?: string };
  return { status: response.status, headers: body.access_token ? { authorization: `Bearer ${body.access_token}` } : null };
}

export type FollowedStream = {
  /** Resolves with the next `changes` message that arrives after the call. */
  next(): Promise<StreamMessage>;
  /** Resolves with the server's `closing` event data, when it sends one. */
  closing: Promise<{ retryMs: number }>;
  /** Settles when the response ends. */
  ended: Promise<void>;
  close(): void;
};

/** Opens GET /sync/stream and resolves once the server said `ready`. */
export async function followStream(base: string, headers: Headers): Promise<FollowedStream> {
  const abort = new AbortController();
  const response = await fetch(`${base}/sync/stream`, { headers: { ...headers, accept: 'text/event-stream' }, signal: abort.signal });
  if (!response.ok || !response.body) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body.getReader();
  const waiting: ((message: StreamMessage) => void)[] = [];
  let onClosing: (data: { retryMs: number }) => void = () => undefined;
  const closing = new Promise<{ retryMs: number }>((resolve) => (onClosing = resolve));
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, split).split('\n');
          buffer = buffer.slice(split + 2);
          const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim();
          const data = lines.find((l) => l.startsWith('data:'))?.slice(5).trim() ?? '';
          if (event === 'ready') onReady();
          if (event === 'closing') onClosing(JSON.parse(data) as { retryMs: number });
          if (event === 'changes') for (const resolve of waiting.splice(0)) resolve(JSON.parse(data) as StreamMessage);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  await ready;
  return {
    next: () => new Promise((resolve) => waiting.push(resolve)),
    closing,
    ended,
    close: () => abort.abort(),
  };
}
