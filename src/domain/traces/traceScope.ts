import {
  apiTraceQuerySchema,
  DEFAULT_TRACE_PAGE_SIZE,
  TRACE_METHODS,
  webhookTraceQuerySchema,
  type ApiTraceQuery,
  type TraceMethod,
  type TraceStatus,
  type WebhookTraceQuery,
} from './traceQueries.ts';

/**
 * A trace page as a replica scope (issue 19, ARCHITECTURE.md "Scopes"): traces can be millions of rows, so the
 * replica never holds them whole; a screen opens the scope of the one page it shows, e.g.
 * `trace:webhook?status=error&webhookId=wh-1&startDate=2026-01-01&endDate=2026-01-31&page=1&limit=50`, and the
 * server answers that page's rows plus one page document (its ordered row ids, the total, when it was read).
 * The filters are those of GET /webhooks/executions and GET /external-api-executions, validated by the same schemas.
 */
export const TRACE_SCOPE_PREFIX = 'trace:';
export const TRACE_PAGE_KIND = 'tracePage';
/** The longest scope the pull accepts: the API filter's url may be 2,000 characters. */
export const TRACE_SCOPE_MAX = 2500;

export type TraceKind = 'webhook' | 'api';

export type WebhookTraceFilters = { status?: TraceStatus; webhookId?: string; startDate?: string; endDate?: string; page: number; limit: number };
export type ApiTraceFilters = {
  status?: TraceStatus;
  methods?: readonly TraceMethod[];
  url?: string;
  startDate?: string;
  endDate?: string;
  page: number;
  limit: number;
};

export type TraceScope = { kind: 'webhook'; query: WebhookTraceQuery; scope: string } | { kind: 'api'; query: ApiTraceQuery; scope: string };

/** The page document kept in the `runs` collection next to the rows it lists. */
export type TracePageDoc = {
  id: string;
  kind: typeof TRACE_PAGE_KIND;
  rev: number;
  deleted: boolean;
  scope: string;
  traceKind: TraceKind;
  /** The page's executions, newest first, as the server ordered them. */
  rowIds: string[];
  total: number;
  page: number;
  limit: number;
  /** When the server read the page (epoch ms): the age the screen shows. */
  readAt: number;
  /** = readAt: the replica's `runs` index needs a creation time on every document. */
  createdAt: number;
};

const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function render(kind: TraceKind, entries: Array<[string, string | undefined]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined) params.set(key, value);
  return `${TRACE_SCOPE_PREFIX}${kind}?${params.toString()}`;
}

/** The canonical scope of a webhook trace page: fixed key order, empty filters left out. */
export function webhookTraceScope(filters: WebhookTraceFilters): string {
  return render('webhook', [
    ['status', filters.status],
    ['webhookId', present(filters.webhookId)],
    ['startDate', present(filters.startDate)],
    ['endDate', present(filters.endDate)],
    ['page', String(filters.page)],
    ['limit', String(filters.limit)],
  ]);
}

/** The canonical scope of an API calls page: methods in the spec's order, comma-joined as the API takes them. */
export function apiTraceScope(filters: ApiTraceFilters): string {
  const methods = TRACE_METHODS.filter((m) => filters.methods?.includes(m));
  return render('api', [
    ['status', filters.status],
    ['method', methods.length > 0 ? methods.join(',') : undefined],
    ['url', present(filters.url)],
    ['startDate', present(filters.startDate)],
    ['endDate', present(filters.endDate)],
    ['page', String(filters.page)],
    ['limit', String(filters.limit)],
  ]);
}

export type TraceScopeResult = { ok: true; value: TraceScope } | { ok: false; message: string };

/**
 * Reads and validates a trace scope with the trace calls' own schemas. The answer carries the canonical form, so
 * two spellings of one page share one page document.
 */
export function parseTraceScope(scope: string): TraceScopeResult {
  if (scope.length > TRACE_SCOPE_MAX) return { ok: false, message: `scope must be at most ${TRACE_SCOPE_MAX} characters` };
  const match = /^trace:(webhook|api)\?(.*)$/s.exec(scope);
  if (!match) return { ok: false, message: 'scope must look like trace:webhook?… or trace:api?…' };
  const kind = match[1] as TraceKind;
  const params = new URLSearchParams(match[2]);
  const allowed = kind === 'webhook' ? WEBHOOK_KEYS : API_KEYS;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!allowed.includes(key)) return { ok: false, message: `scope: unknown filter ${key.slice(0, 40)}` };
    if (key in raw) return { ok: false, message: `scope: ${key} given twice` };
    raw[key] = value;
  }
  const schema = kind === 'webhook' ? webhookTraceQuerySchema : apiTraceQuerySchema;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `scope: ${issue?.path.join('.') || 'filters'} ${issue?.message ?? 'invalid'}`.trim() };
  }
  if (kind === 'webhook') {
    const query = parsed.data as WebhookTraceQuery;
    const canonical = webhookTraceScope({ ...pick(raw, ['status', 'webhookId', 'startDate', 'endDate']), page: query.page, limit: query.limit } as WebhookTraceFilters);
    return { ok: true, value: { kind, query, scope: canonical } };
  }
  const query = parsed.data as ApiTraceQuery;
  const canonical = apiTraceScope({ ...pick(raw, ['status', 'url', 'startDate', 'endDate']), methods: query.method ?? [], page: query.page, limit: query.limit } as ApiTraceFilters);
  return { ok: true, value: { kind, query, scope: canonical } };
}

const WEBHOOK_KEYS = ['status', 'webhookId', 'startDate', 'endDate', 'page', 'limit'];
const API_KEYS = ['status', 'method', 'url', 'startDate', 'endDate', 'page', 'limit'];

function pick(raw: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]!]));
}

export const isTraceScope = (scope: string): boolean => scope.startsWith(TRACE_SCOPE_PREFIX);

/**
 * The page document's id, the same on the server and the device: a scope may be 2,500 characters and a replica id
 * at most 200, so the id is a hash of the canonical scope (two 32-bit FNV-1a runs with different seeds; the
 * document also keeps the scope itself, and the reader checks it).
 */
export function tracePageId(canonicalScope: string): string {
  const fnv = (seed: number) => {
    let hash = seed >>> 0;
    for (let i = 0; i < canonicalScope.length; i += 1) {
      hash ^= canonicalScope.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  };
  return `trace-page-${fnv(0x811c9dc5)}${fnv(0x050c5d1f)}`;
}

export const DEFAULT_TRACE_FILTERS = { page: 1, limit: DEFAULT_TRACE_PAGE_SIZE } as const;
