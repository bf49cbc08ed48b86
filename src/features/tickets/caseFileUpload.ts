import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { whenIdle } from '../../app/whenIdle.ts';
import { attachFile } from '../../data/caseFiles.ts';
import type { MutationResult } from '../../data/replica.ts';

/** Part 2 §9: the photo tool and the signature pad close themselves after ten minutes. */
export const FILE_TOOL_AUTO_CLOSE_MS = 600_000;

export const newFileId = (): string => `fil-${crypto.randomUUID()}`;

/** Attaches a file to a case through the outbox (not public by default, part 2 §9). */
export function attachCaseFile(caseId: string, blob: Blob, name: string, makePublic = false, fileId = newFileId()): Promise<MutationResult> {
  return attachFile({ caseId, fileId, name, type: blob.type || 'application/octet-stream', size: blob.size, makePublic }, blob);
}

/** The image compression library: its own chunk, not part of the ticket screen's first load. */
const loadImageCompression = () => import('browser-image-compression');

/**
 * The file tools' libraries (image compression, the signature pad), fetched once the ticket screen is up and the
 * browser idle: the screen shows without them, and a photo or signature taken later, offline, still has them.
 */
export function preloadFileTools(): void {
  const load = () => void Promise.all([loadImageCompression(), import('signature_pad')]).catch(() => undefined);
  whenIdle(load, { timeoutMs: 5_000, fallbackMs: 1_000 });
}

/**
 * A photo as PNG, compressed in a Web Worker. The library's worker loads its code from our own build (the
 * default is a CDN, which the CSP and an offline device both refuse); if the worker fails it compresses here.
 */
export async function compressPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await loadImageCompression();
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
