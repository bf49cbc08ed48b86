import { Dexie, type EntityTable } from 'dexie';

/**
 * A batch whose lines are being queued: its file, kept as a blob until every line is in the outbox, so a reload or a
 * closed tab in the middle of a large file can finish the job instead of leaving a batch with part of its lines.
 */
export type BatchDraft = {
  batchId: string;
  /** The `batch.create` arguments, sent again on resuming if the page went away before they were queued. */
  create: Record<string, unknown> & { name: string };
  fileName: string;
  file: Blob;
  /** The file's lines the batch takes (its rows without problems). */
  total: number;
  createdAt: number;
};
/** How far the queueing got: `batch.create` queued or not, the lines (in file order) in the outbox, the next chunk's index. */
export type BatchDraftProgress = { batchId: string; created: boolean; queued: number; chunkIndex: number };

type DraftDatabase = Dexie & {
  drafts: EntityTable<BatchDraft, 'batchId'>;
  progress: EntityTable<BatchDraftProgress, 'batchId'>;
};

const opened = new Map<string, DraftDatabase>();

/** One database per user, like the replica and the file store, so a shared device never mixes two users' files. */
function draftDb(userId: string): DraftDatabase {
  const existing = opened.get(userId);
  if (existing) return existing;
  const db = new Dexie(`console-batch-drafts-${userId}`) as DraftDatabase;
  // The progress lives apart from the blob: updating it after each chunk never writes the file again.
  db.version(1).stores({ drafts: 'batchId, createdAt', progress: 'batchId' });
  opened.set(userId, db);
  return db;
}

export async function saveBatchDraft(userId: string, draft: BatchDraft): Promise<void> {
  const db = draftDb(userId);
  await db.transaction('rw', db.drafts, db.progress, async () => {
    await db.drafts.put(draft);
    await db.progress.put({ batchId: draft.batchId, created: false, queued: 0, chunkIndex: 0 });
  });
}

export async function noteDraftProgress(userId: string, progress: BatchDraftProgress): Promise<void> {
  await draftDb(userId).progress.put(progress);
}

export async function removeBatchDraft(userId: string, batchId: string): Promise<void> {
  const db = draftDb(userId);
  await db.transaction('rw', db.drafts, db.progress, async () => {
    await db.drafts.delete(batchId);
    await db.progress.delete(batchId);
  });
}

/** The user's unfinished batches, oldest first, each with how far it got. */
export type UnfinishedBatch = BatchDraft & { progress: BatchDraftProgress };

export async function unfinishedBatchDrafts(userId: string): Promise<UnfinishedBatch[]> {
  const db = draftDb(userId);
  const drafts = await db.drafts.orderBy('createdAt').toArray();
  const progress = await db.progress.bulkGet(drafts.map((d) => d.batchId));
  return drafts.map((draft, i) => ({ ...draft, progress: progress[i] ?? { batchId: draft.batchId, created: false, queued: 0, chunkIndex: 0 } }));
}
