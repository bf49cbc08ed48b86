import { sql, type Kysely } from 'kysely';
import { maskBody, maskHeaders, maskUrl } from '../../src/domain/traces/secretMasking.ts';
import type { ApiTraceQuery, TracePagination, WebhookTraceQuery } from '../../src/domain/traces/traceQueries.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { accessOf } from '../engine/access.ts';
import { forbidden, notFound } from '../http/errors.ts';

/**
 * The webhook and API traces (part 2 §2 "Trace Management", §7 "Traces"): one workspace's executions, newest first
 * (executed_at, then id, both descending), filtered, a page at a time with the total. Administrators only. Every
 * answer masks secrets (src/domain/traces/secretMasking.ts); the rows themselves keep what was sent.
 *
 * Migration 014 indexes each filter with the order, so a page and its count read an index range, not the table.
 */

async function requireAdmin(db: Kysely<Database>, actor: AuthContext): Promise<void> {
  if (!(await accessOf(db, actor)).isAdmin) throw forbidden();
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const offsetOf = (query: { page: number; limit: number }) => (query.page - 1) * query.limit;
/** LIKE's own wildcards in the caller's text match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function pageAndTotal<Row>(rows: Promise<Row[]>, total: Promise<{ n: number | string | bigint }>): Promise<{ rows: Row[]; total: number }> {
  const [page, count] = await Promise.all([rows, total]);
  return { rows: page, total: Number(count.n) };
}

/**
 * One filtered page of a workspace's webhook executions and the filter's total: the trace call answers it, and the
 * replica's trace page scope (server/sync/tracePages.ts) sends the same rows, so the filters are written once.
 */
export function webhookExecutionPage(db: Kysely<Database>, workspaceId: string, query: WebhookTraceQuery) {
  let base = db.selectFrom('webhook_executions').where('workspace_id', '=', workspaceId).where(sql<boolean>`not deleted`);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.webhookId) base = base.where('webhook_id', '=', query.webhookId);
  if (query.range) base = base.where('executed_at', '>=', query.range.from).where('executed_at', '<', query.range.before);
  return pageAndTotal(
    base.selectAll().orderBy('executed_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(offsetOf(query)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}

/** One filtered page of a workspace's external API executions and the filter's total (as webhookExecutionPage). */
export function apiExecutionPage(db: Kysely<Database>, workspaceId: string, query: ApiTraceQuery) {
  let base = db.selectFrom('external_api_executions').where('workspace_id', '=', workspaceId).where(sql<boolean>`not deleted`);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.method && query.method.length > 0) base = base.where('request_method', 'in', query.method);
  if (query.url) base = base.where('request_url', 'ilike', likeText(query.url));
  if (query.range) base = base.where('executed_at', '>=', query.range.from).where('executed_at', '<', query.range.before);
  return pageAndTotal(
    base.selectAll().orderBy('executed_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset(offsetOf(query)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  );
}

export type WebhookExecutionView = {
  id: string;
  webhookId: string;
  status: string;
  responseStatus: number | null;
  requestUrl: string;
  requestMethod: string;
  requestHeaders: unknown;
  requestBody: unknown;
  responseHeaders: unknown;
  responseBody: unknown;
  responseTime: number | null;
  errorMessage: string | null;
  executedAt: string;
};

/** GET /webhooks/executions/{workspaceId}: another workspace's traces are "not found", as other workspace calls answer. */
export async function listWebhookExecutions(
  db: Kysely<Database>,
  actor: AuthContext,
  workspaceId: string,
  query: WebhookTraceQuery,
): Promise<{ data: { data: WebhookExecutionView[]; pagination: TracePagination } }> {
  if (workspaceId !== actor.workspaceId) throw notFound('Workspace');
  await requireAdmin(db, actor);
  const { rows, total } = await webhookExecutionPage(db, workspaceId, query);
  const data = rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    status: row.status,
    responseStatus: row.response_status,
    requestUrl: maskUrl(row.request_url),
    requestMethod: row.request_method,
    requestHeaders: maskHeaders(row.request_headers),
    requestBody: maskBody(row.request_body),
    responseHeaders: maskHeaders(row.response_headers),
    responseBody: maskBody(row.response_body),
    responseTime: row.response_time_ms,
    errorMessage: row.error_message,
    executedAt: iso(row.executed_at),
  }));
  return { data: { data, pagination: { total, page: query.page, limit: query.limit } } };
}

export type ApiExecutionView = {
  id: string;
  executionDate: string;
  requestMethod: string;
  requestUrl: string;
  status: string;
  duration: number | null;
  responseStatus: number | null;
  clientIp: string | null;
  initiatedBy: string | null;
  errorMessage: string | null;
  errorCode: string | null;
  userAgent: string | null;
  requestHeaders: unknown;
  requestBody: unknown;
  responseHeaders: unknown;
  responseBody: unknown;
};

/** GET /external-api-executions: the caller's workspace's external calls (API stages and /call-external-api). */
export async function listApiExecutions(
  db: Kysely<Database>,
  actor: AuthContext,
  query: ApiTraceQuery,
): Promise<{ data: { executions: ApiExecutionView[]; pagination: TracePagination } }> {
  await requireAdmin(db, actor);
  const { rows, total } = await apiExecutionPage(db, actor.workspaceId, query);
  const executions = rows.map((row) => ({
    id: row.id,
    executionDate: iso(row.executed_at),
    requestMethod: row.request_method,
    requestUrl: maskUrl(row.request_url),
    status: row.status,
    duration: row.duration_ms,
    responseStatus: row.response_status,
    clientIp: row.client_ip,
    initiatedBy: row.initiated_by,
    errorMessage: row.error_message,
    errorCode: row.error_code,
    userAgent: row.user_agent,
    requestHeaders: maskHeaders(row.request_headers),
    requestBody: maskBody(row.request_body),
    responseHeaders: maskHeaders(row.response_headers),
    responseBody: maskBody(row.response_body),
  }));
  return { data: { executions, pagination: { total, page: query.page, limit: query.limit } } };
}
