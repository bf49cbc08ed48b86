import { csvRows } from '../../data/csvParser.ts';
import { noteDraftProgress, removeBatchDraft, type BatchDraft, type BatchDraftProgress } from '../../data/batchDrafts.ts';
import { mutate } from '../../data/replica.ts';
import { BATCH_LIMITS, chunkBatchLines } from '../../domain/batches/batchLifecycle.ts';

/** Lines read from the worker per request while queueing (the sending chunks are cut from them by size). */
const READ_PAGE = BATCH_LIMITS.chunkLinesMax * 5;

/** A refusal carries the replica's or the server's words; `file-changed` means the kept file no longer has the lines. */
export type QueueOutcome = { ok: true; queued: number } | { ok: false; code: 'refused'; message: string } | { ok: false; code: 'file-changed' };

/**
 * Queues a batch through the outbox from where its draft stands: `batch.create` unless already queued, then the
 * file's lines in chunks from line `progress.queued` on, noting the progress after each chunk so a reload can go on
 * from there (a chunk queued twice is harmless: the server keys lines by their number). The draft, and with it the
 * kept file, is removed once every line is queued.
 */
export async function queueBatch(userId: string, draft: BatchDraft, start: BatchDraftProgress, parseId: number, onProgress: (queued: number) => void): Promise<QueueOutcome> {
  queueing.add(draft.batchId);
  try {
    return await queueFrom(userId, draft, start, parseId, onProgress);
  } finally {
    queueing.delete(draft.batchId);
  }
}

/** Batches this tab is queueing now: the list does not offer to finish them. */
export const queueing = new Set<string>();

async function queueFrom(userId: string, draft: BatchDraft, start: BatchDraftProgress, parseId: number, onProgress: (queued: number) => void): Promise<QueueOutcome> {
  const { batchId, total } = draft;
  if (!start.created) {
    const created = await mutate('batch.create', draft.create);
    if (!created.ok) return { ok: false, code: 'refused', message: created.message };
    await noteDraftProgress(userId, { ...start, created: true });
  }
  let queued = start.queued;
  let chunkIndex = start.chunkIndex;
  onProgress(queued);
  while (queued < total) {
    const drafts = await csvRows(parseId, queued, READ_PAGE);
    if (drafts.length === 0) return { ok: false, code: 'file-changed' };
    for (const lines of chunkBatchLines(drafts.map((d) => ({ lineNo: d.line, values: d.values })))) {
      const added = await mutate('batch.addLines', { batchId, chunkIndex: chunkIndex++, lines });
      if (!added.ok) return { ok: false, code: 'refused', message: added.message };
      queued += lines.length;
      await noteDraftProgress(userId, { batchId, created: true, queued, chunkIndex });
      onProgress(queued);
    }
  }
  await removeBatchDraft(userId, batchId);
  return { ok: true, queued };
}
