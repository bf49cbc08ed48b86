import { caseFileUrl } from '../../domain/files/fileRules.ts';
import type { BridgeFile } from '../../domain/tickets/bridgeMessages.ts';
import { attachCaseFile, newFileId } from './caseFileUpload.ts';

/** A file as the bridge answers it (part 2 §7): id, url, name, size, type. */
export type BridgeFileInfo = { id: string; url: string; name: string; size: number; type: string };

function blobOf(file: BridgeFile): Blob {
  if (file.content instanceof Uint8Array) return new Blob([file.content as Uint8Array<ArrayBuffer>], { type: file.type });
  return file.content.type ? file.content : new Blob([file.content], { type: file.type });
}

/**
 * Attaches a frame's files to a case through the outbox: each is kept in IndexedDB and sent by the worker when
 * the network allows, so the answer comes at once, online or not. Null when any file could not be queued
 * (those queued before it stay: each is a whole file of its own).
 */
export async function uploadBridgeFiles(caseId: string, files: readonly BridgeFile[], makePublic: boolean): Promise<BridgeFileInfo[] | null> {
  const saved: BridgeFileInfo[] = [];
  for (const file of files) {
    const blob = blobOf(file);
    const id = newFileId();
    const result = await attachCaseFile(caseId, blob, file.name, makePublic, id).catch(() => ({ ok: false }) as const);
    if (!result.ok) return null;
    saved.push({ id, url: caseFileUrl(caseId, id), name: file.name, size: blob.size, type: blob.type || file.type });
  }
  return saved;
}
