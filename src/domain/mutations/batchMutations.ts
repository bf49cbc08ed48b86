import { z } from 'zod';
import {
  BATCH_LIMITS,
  BATCH_REFUSALS,
  BATCH_STATUS,
  LINE_READY_STATE,
  LINE_STATUS,
  batchLineRowId,
  changeRefusal,
  jsonBytes,
  playRefusal,
  runLineRefusal,
  type Refusal,
} from '../batches/batchLifecycle.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite } from './types.ts';

/**
 * The batch mutations a client's outbox sends (issue 17 item 3): a batch created offline is `batch.create`, then its
 * rows in chunks (`batch.addLines`, idempotent by line number), then perhaps `batch.play`. The server applies the
 * same rules (src/domain/batches/batchLifecycle.ts) again under the workspace lock.
 */

const name = z.string().trim().min(1, BATCH_REFUSALS.nameRequired).max(BATCH_LIMITS.nameMax, BATCH_REFUSALS.nameTooLong);
const description = z.string().trim().min(1, BATCH_REFUSALS.descriptionRequired).max(BATCH_LIMITS.descriptionMax, BATCH_REFUSALS.descriptionTooLong);
const column = z.string().trim().min(1, 'A column name is empty').max(BATCH_LIMITS.columnNameMax, `A column name has at most ${BATCH_LIMITS.columnNameMax} characters`);
const lineId = z.string().regex(/^[0-9]{1,9}$/, 'lineId must be the line number');

export const createBatchArgs = z.object({
  /** Chosen by the client, so the chunks and a Play queued behind it can name the batch while offline. */
  batchId: clientIdSchema,
  name,
  description,
  caseTypeId: idRefSchema,
  header: z
    .array(column)
    .min(1, 'The file needs a header line')
    .max(BATCH_LIMITS.columnsMax, `A batch has at most ${BATCH_LIMITS.columnsMax} columns`)
    .refine((columns) => new Set(columns).size === columns.length, 'Two columns of the header have the same name'),
  lineCount: z.number().int().min(0).max(BATCH_LIMITS.linesMax, `A batch has at most ${BATCH_LIMITS.linesMax.toLocaleString('en-US')} lines`),
});
export type CreateBatchArgs = z.infer<typeof createBatchArgs>;

/**
 * A line keyed by its number: the CSV worker's line (the file's row, the header being row 1, so a problem's line is
 * the row a person finds in the file), or 1..n for rows without a file; unique within the batch.
 */
export const batchLineSchema = z.object({
  lineNo: z.number().int().min(1).max(BATCH_LIMITS.lineNoMax),
  values: z.record(column, z.string().max(BATCH_LIMITS.cellMax, `A cell has at most ${BATCH_LIMITS.cellMax.toLocaleString('en-US')} characters`)),
});

export const addBatchLinesArgs = z.object({
  batchId: idRefSchema,
  /** The chunk's place in the file; only for the user's words and the logs: lines are keyed by their number. */
  chunkIndex: z.number().int().min(0).max(BATCH_LIMITS.linesMax),
  lines: z
    .array(batchLineSchema)
    .min(1, 'A chunk has at least one line')
    .max(BATCH_LIMITS.chunkLinesMax, `A chunk has at most ${BATCH_LIMITS.chunkLinesMax} lines`)
    .refine((lines) => new Set(lines.map((l) => l.lineNo)).size === lines.length, 'A line number appears twice in the chunk')
    .refine((lines) => jsonBytes(lines) <= BATCH_LIMITS.chunkBytesMax, `A chunk holds at most ${BATCH_LIMITS.chunkBytesMax / 1024} KiB of lines`),
});
export type AddBatchLinesArgs = z.infer<typeof addBatchLinesArgs>;

export const updateBatchArgs = z
  .object({ batchId: idRefSchema, name: name.optional(), description: description.optional() })
  .refine((args) => args.name !== undefined || args.description !== undefined, 'Name a field to change');
export type UpdateBatchArgs = z.infer<typeof updateBatchArgs>;

export const batchRefArgs = z.object({ batchId: idRefSchema });
export type BatchRefArgs = z.infer<typeof batchRefArgs>;

export const batchLineRefArgs = z.object({ batchId: idRefSchema, lineId });
export type BatchLineRefArgs = z.infer<typeof batchLineRefArgs>;

const refuse = (refusal: Refusal | null) => {
  if (refusal) throw new MutationRefused(refusal.code, refusal.message);
};

/** The batch as the replica has it; a batch the replica does not hold yet is left for the server to judge. */
const batchIn = (docs: ReadonlyMap<string, ReplicaDoc>, batchId: string): ReplicaDoc | null => {
  const doc = docs.get(batchId);
  if (doc && doc.kind === 'batch' && doc.deleted) throw new MutationRefused('not-found', BATCH_REFUSALS.notFound);
  return doc && doc.kind === 'batch' ? doc : null;
};
const facts = (batch: ReplicaDoc) => ({ status: String(batch.status), insertedCount: Number(batch.insertedCount ?? 0) });
const lineOf = (docs: ReadonlyMap<string, ReplicaDoc>, batchId: string, id: string) => {
  const doc = docs.get(batchLineRowId(batchId, Number(id)));
  return doc && doc.kind === 'batchLine' && !doc.deleted ? doc : null;
};
const batchRef = (batchId: string): DocRef => ({ collection: 'runs', id: batchId });
const lineRef = (batchId: string, id: string): DocRef => ({ collection: 'runs', id: batchLineRowId(batchId, Number(id)) });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'runs', doc });

export const createBatch = defineMutation<CreateBatchArgs>({
  name: 'batch.create',
  args: createBatchArgs,
  reads: ({ caseTypeId }, actor) => [
    { collection: 'config', id: actor.userId },
    { collection: 'config', id: caseTypeId },
  ],
  apply(args, docs, actor, now) {
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', 'Your data is still loading; try again in a moment');
    const caseType = docs.get(args.caseTypeId);
    if (!caseType || caseType.kind !== 'caseType' || caseType.deleted) throw new MutationRefused('not-found', BATCH_REFUSALS.caseTypeMissing);
    const doc: ReplicaDoc = {
      id: args.batchId,
      kind: 'batch',
      rev: 0,
      deleted: false,
      workspaceId: user.workspaceId,
      name: args.name,
      description: args.description,
      status: BATCH_STATUS.notStarted,
      caseTypeId: args.caseTypeId,
      userId: actor.userId,
      userName: actor.name,
      batchData: [],
      processedAt: null,
      createdAt: now,
      updatedAt: now,
      header: args.header,
      lineCount: args.lineCount,
      insertedCount: 0,
      doneCount: 0,
      errorCount: 0,
    };
    return [write(doc)];
  },
});

export const addBatchLines = defineMutation<AddBatchLinesArgs>({
  name: 'batch.addLines',
  args: addBatchLinesArgs,
  reads: ({ batchId, lines }) => [batchRef(batchId), ...lines.map((l) => lineRef(batchId, String(l.lineNo)))],
  apply({ batchId, lines }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    if (!batch) return [];
    refuse(changeRefusal(facts(batch)));
    const fresh = lines.filter((l) => !docs.has(batchLineRowId(batchId, l.lineNo)));
    const written = fresh.map((l) =>
      write({
        id: batchLineRowId(batchId, l.lineNo),
        kind: 'batchLine',
        rev: 0,
        deleted: false,
        workspaceId: batch.workspaceId,
        batchId,
        lineId: String(l.lineNo),
        lineNo: l.lineNo,
        caseId: null,
        status: LINE_STATUS.notStarted,
        data: l.values,
        state: LINE_READY_STATE,
        error: null,
        processedAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    return [...written, write({ ...batch, insertedCount: facts(batch).insertedCount + fresh.length, updatedAt: now })];
  },
});

export const updateBatch = defineMutation<UpdateBatchArgs>({
  name: 'batch.update',
  args: updateBatchArgs,
  reads: ({ batchId }) => [batchRef(batchId)],
  apply({ batchId, name: newName, description: newDescription }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    if (!batch) return [];
    return [write({ ...batch, ...(newName === undefined ? {} : { name: newName }), ...(newDescription === undefined ? {} : { description: newDescription }), updatedAt: now })];
  },
});

export const playBatch = defineMutation<BatchRefArgs>({
  name: 'batch.play',
  args: batchRefArgs,
  reads: ({ batchId }) => [batchRef(batchId)],
  apply({ batchId }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    if (!batch) return [];
    refuse(playRefusal(facts(batch)));
    return [write({ ...batch, status: BATCH_STATUS.ongoing, updatedAt: now })];
  },
});

export const runBatchLine = defineMutation<BatchLineRefArgs>({
  name: 'batch.executeLine',
  args: batchLineRefArgs,
  reads: ({ batchId, lineId: id }) => [batchRef(batchId), lineRef(batchId, id)],
  apply({ batchId, lineId: id }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    const line = lineOf(docs, batchId, id);
    if (!batch || !line) return [];
    refuse(runLineRefusal(facts(batch), { status: String(line.status) }));
    return [write({ ...line, status: LINE_STATUS.queued, error: null, updatedAt: now })];
  },
});

export const deleteBatch = defineMutation<BatchRefArgs>({
  name: 'batch.delete',
  args: batchRefArgs,
  reads: ({ batchId }) => [batchRef(batchId)],
  apply({ batchId }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    if (!batch) return [];
    refuse(changeRefusal(facts(batch)));
    return [write({ ...batch, deleted: true, updatedAt: now })];
  },
});

export const deleteBatchLine = defineMutation<BatchLineRefArgs>({
  name: 'batch.deleteLine',
  args: batchLineRefArgs,
  reads: ({ batchId, lineId: id }) => [batchRef(batchId), lineRef(batchId, id)],
  apply({ batchId, lineId: id }, docs, _actor, now) {
    const batch = batchIn(docs, batchId);
    const line = lineOf(docs, batchId, id);
    if (!batch || !line) return [];
    refuse(changeRefusal(facts(batch)));
    return [write({ ...line, deleted: true, updatedAt: now }), write({ ...batch, insertedCount: Math.max(0, facts(batch).insertedCount - 1), updatedAt: now })];
  },
});

export const BATCH_MUTATIONS = [createBatch, addBatchLines, updateBatch, playBatch, runBatchLine, deleteBatch, deleteBatchLine];
