import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { columnsOf } from '../../src/domain/batches/batchExport.ts';
import { ALL_BATCH_STATUSES, BATCH_LIMITS, BATCH_STATUS, batchCreatedMessage, statusChangeRefusal } from '../../src/domain/batches/batchLifecycle.ts';
import { batchLineRefArgs, batchLineSchema, createBatchArgs, updateBatchArgs } from '../../src/domain/mutations/batchMutations.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { ApiError } from '../http/errors.ts';
import { batchDownload, getBatch, getBatchLine, listBatchLines, listBatches } from '../services/batchReads.ts';
import { addBatchLines, createBatch, deleteBatch, deleteBatchLine, lockVisibleBatch, playBatch, refused, runBatchLine, updateBatch } from '../services/batches.ts';
import { runWrite, type WriteService } from '../services/context.ts';
import type { AppDeps } from '../app.ts';

/** The first problem zod found, as a 400 naming the field. */
function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiError(400, 'invalid-args', issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Invalid input');
}

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** Part 2 §7 create payload: case_type, description, batch_data (the CSV's rows keyed by the header), status. */
const createBody = z
  .object({
    batchID: clientIdSchema.optional(),
    name: z.string().max(1000).optional(),
    case_type: idRefSchema,
    description: z.string().max(1000),
    batch_data: z.array(z.record(z.string().max(1000), cell)).max(10_000, 'At most 10,000 rows per request; send more through the outbox in chunks'),
    status: z.literal(BATCH_STATUS.notStarted, { error: 'A new batch is UNPROCESSED; start it with POST /batches/{id}' }).optional(),
  })
  .strict();

const patchBody = z.object({ name: z.string().max(1000).optional(), description: z.string().max(1000).optional(), status: z.string().max(40).optional() }).strict();
const listQuery = z.object({
  tab: z.enum(['personal', 'history']).default('personal'),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
const linesQuery = z.object({
  status: z.enum(ALL_BATCH_STATUSES, { error: 'Unknown line status' }).optional(),
  search: z.string().trim().max(20).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
const params = z.object({ id: idRefSchema });
const lineParams = z.object({ id: idRefSchema, lineId: z.string().max(20) });

/** A row's cells as a line's values: text, empty cells omitted (part 2 §5). */
const valuesOf = (row: Record<string, string | number | boolean | null>) =>
  Object.fromEntries(Object.entries(row).flatMap(([column, value]) => (value === null || value === '' ? [] : [[column, String(value)]])));

type CreateRequest = { batch: z.infer<typeof createBatchArgs>; rows: Array<z.infer<typeof batchLineSchema>> };

/** A batch and its rows in one transaction: both are written, or neither. */
const createWithRows: WriteService<CreateRequest, { batchId: string; insertedCount: number; lineCount: number }> = async (ctx, { batch, rows }) => {
  const created = await createBatch(ctx, batch);
  let insertedCount = created.insertedCount;
  for (let start = 0; start < rows.length; start += BATCH_LIMITS.chunkLinesMax) {
    const chunk = await addBatchLines(ctx, { batchId: batch.batchId, chunkIndex: start / BATCH_LIMITS.chunkLinesMax, lines: rows.slice(start, start + BATCH_LIMITS.chunkLinesMax) });
    insertedCount = chunk.insertedCount;
  }
  return { batchId: batch.batchId, insertedCount, lineCount: created.lineCount };
};

/** PATCH /batches/{id}: name and description; a status of ONGOING is Play, and an ongoing batch cannot be stopped. */
const patchBatch: WriteService<{ batchId: string; body: z.infer<typeof patchBody> }, { batchId: string }> = async (ctx, { batchId, body }) => {
  const batch = await lockVisibleBatch(ctx, batchId);
  if (body.name === undefined && body.description === undefined && body.status === undefined) throw new ApiError(400, 'invalid-args', 'Name a field to change');
  // Play is judged by playBatch itself (it counts the lines); here only what no status change may do.
  if (body.status !== undefined && body.status !== BATCH_STATUS.ongoing) {
    const refusal = statusChangeRefusal({ status: batch.status, insertedCount: batch.inserted_count }, body.status);
    if (refusal) throw refused(refusal);
  }
  if (body.name !== undefined || body.description !== undefined) await updateBatch(ctx, parsed(updateBatchArgs, { batchId, name: body.name, description: body.description }));
  if (body.status !== undefined && body.status !== batch.status) await playBatch(ctx, { batchId });
  return { batchId };
};

/**
 * Part 2 §7 Batches: the calls run the same services as the `batch.*` mutations of the outbox, so a batch made by
 * an integrator and one made offline in the console follow one set of rules.
 */
export const batchRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/batches', { schema: { body: createBody } }, async (request) => {
      const body = request.body;
      const rows = body.batch_data.map(valuesOf);
      const batch = parsed(createBatchArgs, {
        batchId: body.batchID ?? `bat-${randomUUID()}`,
        name: body.name ?? body.description,
        description: body.description,
        caseTypeId: body.case_type,
        header: columnsOf(rows),
        lineCount: rows.length,
      });
      const lines = rows.map((values, i) => parsed(batchLineSchema, { lineNo: i + 1, values }));
      const created = await runWrite(db, authOf(request), createWithRows, { batch, rows: lines });
      return { batchID: created.batchId, result: { insertedCount: created.insertedCount }, message: batchCreatedMessage(created.batchId, created.insertedCount, created.lineCount) };
    });
    app.get('/batches', { schema: { querystring: listQuery } }, (request) => listBatches(db, authOf(request), request.query));
    app.get('/batches/:id', { schema: { params } }, (request) => getBatch(db, authOf(request), request.params.id));
    app.patch('/batches/:id', { schema: { params, body: patchBody } }, async (request) => {
      const actor = authOf(request);
      await runWrite(db, actor, patchBatch, { batchId: request.params.id, body: request.body });
      return getBatch(db, actor, request.params.id);
    });
    app.delete('/batches/:id', { schema: { params } }, (request) => runWrite(db, authOf(request), deleteBatch, { batchId: request.params.id }));
    app.post('/batches/:id', { schema: { params } }, (request) => runWrite(db, authOf(request), playBatch, { batchId: request.params.id }));
    app.get('/batches/:id/lines', { schema: { params, querystring: linesQuery } }, (request) => listBatchLines(db, authOf(request), request.params.id, request.query));
    app.get('/batches/:id/lines/:lineId', { schema: { params: lineParams } }, (request) => getBatchLine(db, authOf(request), request.params.id, request.params.lineId));
    app.delete('/batches/:id/lines/:lineId', { schema: { params: lineParams } }, (request) =>
      runWrite(db, authOf(request), deleteBatchLine, parsed(batchLineRefArgs, { batchId: request.params.id, lineId: request.params.lineId })),
    );
    app.post('/batches/:id/lines/:lineId', { schema: { params: lineParams } }, (request) =>
      runWrite(db, authOf(request), runBatchLine, parsed(batchLineRefArgs, { batchId: request.params.id, lineId: request.params.lineId })),
    );
    app.get('/download/batches/:id', { schema: { params } }, async (request, reply) => {
      const file = await batchDownload(db, authOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Readable.from(file.chunks));
    });
  };
