import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CASE_STATUSES, addCaseNoteArgs, updateCaseArgs, updateCaseFields } from '../../src/domain/mutations/caseRecordMutations.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { ApiError } from '../http/errors.ts';
import { addCaseNote, editCaseNote, updateCase } from '../services/caseRecords.ts';
import { caseHistory, caseInstances, caseLogs, caseNotes, getCase, listCases, workspaceCaseCounts } from '../services/caseReads.ts';
import { runWrite } from '../services/context.ts';
import type { AppDeps } from '../app.ts';

/** A filter value: 'ALL' or nothing means no filter (part 2 §7). */
const filter = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === undefined || value === '' || value.toUpperCase() === 'ALL' ? undefined : value));

const day = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || value.toUpperCase() === 'ALL') return undefined;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Dates must be ISO dates (YYYY-MM-DD or a full time)' });
      return z.NEVER;
    }
    return at;
  });

/** Part 2 §7 GET /v2/cases; the date range applies only when both dates are given (part 2 §5). */
const statusFilter = z.enum([...CASE_STATUSES, 'ALL'], { error: 'The status must be CREATED, PROGRESS, COMPLETED or ALL' }).optional();
const listQuery = z
  .object({
    startCreationDate: day,
    endCreationDate: day,
    status: statusFilter,
    categoryId: filter(120),
    operationId: filter(200),
    type: filter(120),
    caseId: filter(120),
    caseType: filter(200),
    limit: z.coerce.number().int().min(1).max(500).default(500),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  })
  .transform((q) => ({ ...q, status: q.status === 'ALL' ? undefined : q.status }));

/** GET /cases (older call): the same filters, the first 500. */
const olderListQuery = z.object({ status: statusFilter, categoryId: filter(120), operationId: filter(200), type: filter(120) });

const params = z.object({ id: idRefSchema });

/** PATCH /cases/{id}: the case fields that may change (the id comes from the path). */
const patchBody = updateCaseFields.omit({ caseId: true }).strict();

/** PUT /cases-notes/{id}: the notes list (new ones without an id, or with a client id; known ids are edited) and the human id. */
const notesBody = z.object({
  notes: z
    .array(addCaseNoteArgs.omit({ caseId: true, noteId: true }).extend({ id: clientIdSchema.optional() }))
    .min(1, 'Send at least one note')
    .max(50, 'At most 50 notes at once'),
  human_id: idRefSchema.optional(),
});

/**
 * Part 2 §7 "Cases, types and states" (the case calls; types and states have their own routes): reads answer the
 * spec's shapes for the cases the caller may open (all of the workspace with CASES or as ADMIN, otherwise those
 * of their teams' tickets); writes run the same services as the `case.update`, `case.addNote` and
 * `case.editNote` mutations of the outbox.
 */
export const caseRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/v2/cases', { schema: { querystring: listQuery } }, (request) => listCases(db, authOf(request), request.query));
    app.get('/cases', { schema: { querystring: olderListQuery } }, async (request) => {
      const q = request.query;
      const page = await listCases(db, authOf(request), { ...q, status: q.status === 'ALL' ? undefined : q.status, limit: 500, offset: 0 });
      return page.cases;
    });
    app.get('/cases/:id', { schema: { params } }, (request) => getCase(db, authOf(request), request.params.id));
    app.get('/cases/:id/instances', { schema: { params } }, (request) => caseInstances(db, authOf(request), request.params.id));
    app.get('/cases/:id/logs', { schema: { params, querystring: z.object({ field: z.string().trim().min(1).max(120).optional() }) } }, (request) =>
      caseLogs(db, authOf(request), request.params.id, request.query.field),
    );
    app.patch('/cases/:id', { schema: { params, body: patchBody } }, async (request) => {
      const args = updateCaseArgs.safeParse({ ...request.body, caseId: request.params.id });
      if (!args.success) throw new ApiError(400, 'invalid-args', args.error.issues[0]?.message ?? 'Invalid input');
      return runWrite(db, authOf(request), updateCase, args.data);
    });
    app.get('/cases-history/:id', { schema: { params } }, (request) => caseHistory(db, authOf(request), request.params.id));
    app.get('/cases-notes/:id', { schema: { params } }, (request) => caseNotes(db, authOf(request), request.params.id));
    app.put('/cases-notes/:id', { schema: { params, body: notesBody } }, async (request) => {
      const actor = authOf(request);
      const caseId = request.params.id;
      const known = new Set((await caseNotes(db, actor, caseId)).map((n) => n.id));
      for (const note of request.body.notes) {
        const fields = { title: note.title, description: note.description, details: note.details };
        if (note.id && known.has(note.id)) await runWrite(db, actor, editCaseNote, { noteId: note.id, ...fields });
        else await runWrite(db, actor, addCaseNote, { caseId, noteId: note.id ?? `note-${randomUUID()}`, ...fields });
      }
      return { notes: await caseNotes(db, actor, caseId) };
    });
    app.get('/cases-ws', (request) => workspaceCaseCounts(db, authOf(request), authOf(request).workspaceId));
    app.get('/cases-ws/:id', { schema: { params } }, (request) => workspaceCaseCounts(db, authOf(request), request.params.id));
  };
