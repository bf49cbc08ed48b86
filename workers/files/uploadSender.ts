import { uploadFileArgs } from '../../src/domain/mutations/fileMutations.ts';
import type { Preflight } from '../sync/preflight.ts';
import { serverAuthHeaders } from '../sync/serverAuth.ts';
import { TransportError } from '../sync/transport.ts';
import type { FileDatabase, PendingUpload } from './fileDb.ts';

export type UploadSenderOptions = {
  db: FileDatabase;
  baseUrl: string;
  /** A Bearer token (Node tests); without it the browser's session cookie is used. */
  accessToken?: string;
  fetch?: typeof fetch;
  /** Called once the server has the bytes (the worker keeps a copy in the file cache). */
  onSent?: (upload: PendingUpload) => Promise<void>;
};

/**
 * The preflight of `case.uploadFile`: once it is first in the outbox, POSTs the kept bytes to /cases/{caseId}/files under the client's fileId
 * before the mutation is pushed. A repeat is harmless (the server answers the existing row), so a crash between
 * the upload and the push only sends the bytes twice. A network or server failure throws and the outbox waits;
 * a refusal (4xx) drops the bytes and lets the mutation go, so the server rejects it and the user is told.
 */
export function uploadSender(options: UploadSenderOptions): Preflight {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return async (entry, { first }) => {
    if (entry.name !== 'case.uploadFile') return;
    const args = uploadFileArgs.parse(entry.args);
    const upload = await options.db.uploads.get(args.fileId);
    // Sent already (the bytes are dropped once the server has them): the mutation only confirms.
    if (!upload) return;
    // The case may be created by a mutation queued before this one (a frame's createCaseForFiles): the bytes go
    // once everything before them has reached the server.
    if (!first) return 'defer';
    const form = new FormData();
    form.append('fileId', args.fileId);
    form.append('makePublic', String(args.makePublic));
    form.append('file1', upload.blob, args.name);
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}/cases/${encodeURIComponent(args.caseId)}/files`, {
        method: 'POST',
        headers: serverAuthHeaders(options.accessToken),
        body: form,
      });
    } catch (error) {
      throw new TransportError('network', error instanceof Error ? error.message : 'network failure');
    }
    if (response.status === 401) throw new TransportError('unauthorized', 'Your session has ended', 401);
    if (response.status >= 500 || response.status === 408 || response.status === 429) {
      throw new TransportError('server', `File upload failed: HTTP ${response.status}`, response.status);
    }
    // A cache failure must not hold the outbox back: the file is on the server either way.
    if (response.ok) await options.onSent?.(upload).catch(() => undefined);
    await options.db.uploads.delete(args.fileId);
  };
}
