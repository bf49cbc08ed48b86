import type { Kysely } from 'kysely';
import { COLLECTION_TABLES } from '../../src/domain/sync/collections.ts';
import type { PullResponse, ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { maskBody, maskHeaders, maskUrl } from '../../src/domain/traces/secretMasking.ts';
import { parseTraceScope, TRACE_PAGE_KIND, tracePageId, type TracePageDoc } from '../../src/domain/traces/traceScope.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { apiExecutionPage, webhookExecutionPage } from '../services/traceReads.ts';
import { rowToDoc } from './projection.ts';
import type { Visibility } from './visibility.ts';

/** Rows are stored masked (secretMasking.ts); masking again here keeps a row written before that rule masked too. */
function masked(doc: ReplicaDoc): ReplicaDoc {
  return {
    ...doc,
    requestUrl: typeof doc.requestUrl === 'string' ? maskUrl(doc.requestUrl) : doc.requestUrl,
    requestHeaders: maskHeaders(doc.requestHeaders),
    requestBody: maskBody(doc.requestBody),
    responseHeaders: maskHeaders(doc.responseHeaders),
    responseBody: maskBody(doc.responseBody),
  };
}

/**
 * `GET /sync/pull?collection=runs&scope=trace:…`: one trace page (administrators only, as the trace calls), its rows
 * (at most 100) and the page document naming them in order with the total and the time it was read.
 *
 * Checkpoints: a trace page is a snapshot, not a change feed. Pages are newest first by offset, so one new
 * execution shifts every row of every page, and no (rev, id) position can say what a device is missing from a
 * page. The answer is therefore always the whole page, bounded by the page size (≤ 100 rows + 1 document) and read
 * in one request: the checkpoint sent is ignored, and the one answered only carries the caller's fingerprint
 * (`rev` 0), so a client that loops "while a page is full" stops after one request whatever its limit. The
 * page document's `rev` is the workspace's revision when the page was read: it only grows, so a later read
 * always replaces an earlier one in the replica (a late answer with a lower revision is dropped there).
 */
export async function pullTracePage(db: Kysely<Database>, v: Visibility, scope: string, fingerprint: string): Promise<PullResponse> {
  const parsed = parseTraceScope(scope);
  if (!parsed.ok) throw new ApiError(400, 'bad-scope', parsed.message);
  if (!v.isAdmin) throw forbidden();
  // The revision first: any change after this read has a higher revision, so the page's rev never overstates it.
  const { rev } = await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', v.workspaceId).executeTakeFirstOrThrow();
  const readAt = Date.now();
  const { kind, scope: canonical } = parsed.value;
  const { rows, total } =
    parsed.value.kind === 'webhook'
      ? await webhookExecutionPage(db, v.workspaceId, parsed.value.query)
      : await apiExecutionPage(db, v.workspaceId, parsed.value.query);
  const docKind = kind === 'webhook' ? COLLECTION_TABLES.runs.webhook_executions : COLLECTION_TABLES.runs.external_api_executions;
  const documents = rows.map((row) => masked(rowToDoc(docKind, row as unknown as Record<string, unknown>)));
  const page: TracePageDoc = {
    id: tracePageId(canonical),
    kind: TRACE_PAGE_KIND,
    rev: Number(rev),
    deleted: false,
    scope: canonical,
    traceKind: kind,
    rowIds: documents.map((d) => d.id),
    total,
    page: parsed.value.query.page,
    limit: parsed.value.query.limit,
    readAt,
    createdAt: readAt,
  };
  return { documents: [...documents, page], checkpoint: { rev: 0, id: '', v: fingerprint }, reset: false };
}
