import imageCompression from 'browser-image-compression';
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { attachFile, type MutationResult } from '../../data/replica.ts';

/** Part 2 §9: the photo tool and the signature pad close themselves after ten minutes. */
export const FILE_TOOL_AUTO_CLOSE_MS = 600_000;

export const newFileId = (): string => `fil-${crypto.randomUUID()}`;

/** Attaches a file to a case through the outbox (not public by default, part 2 §9). */
export function attachCaseFile(caseId: string, blob: Blob, name: string, makePublic = false, fileId = newFileId()): Promise<MutationResult> {
  return attachFile({ caseId, fileId, name, type: blob.type || 'application/octet-stream', size: blob.size, makePublic }, blob);
}

/**
 * A photo as PNG, compressed in a Web Worker. The library's worker loads its code from our own build (the
 * default is a CDN, which the CSP and an offline device both refuse); if the worker fails it compresses here.
 */
export function compressPhoto(file: File): Promise<File> {
  return imageCompression(file, {
    maxSizeMB: 1,
    maxWidthOrHeight: 1600,
    useWebWorker: true,
    fileType: 'image/png',
    libURL: new URL(compressionLibUrl, location.href).href,
  });
}

/** `photo-2026-01-31T10-20-30.png`: a readable, sortable name for a capture. */
export const captureName = (prefix: string, at = new Date()): string => `${prefix}-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.png`;
