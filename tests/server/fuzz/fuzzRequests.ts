import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { encodeLoose, HUGE_STRING, NAUGHTY_STRINGS, RAW_JSON_BODIES, STRUCTURAL_VALUES } from './naughty.ts';
import { MUTATION_TEMPLATES, ROUTE_TEMPLATES, type FuzzContext, type RouteTemplate } from './fuzzTargets.ts';

export type Caller = 'admin' | 'agent' | 'none' | 'bogus';

/** One request, ready for `app.inject`, with what the checks need to know about it. */
export type FuzzRequest = {
  route: string;
  method: string;
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** For POST /sync/mutations: the ids sent, and the id of the valid mutation sent last, which must apply. */
  mutations?: { ids: unknown[]; names: string[]; tailId: string };
};

/** Field names of the API, so added keys are ones a service might read. */
const FIELD_NAMES = ['id', 'name', 'description', 'case_id', 'group_id', 'data', 'accepted', 'all', 'token', 'userId', 'teamId', 'ticketId', 'engine', 'isActive', 'stages', 'webhook', 'rules', 'collection', 'ids', 'clientId', 'mutations', 'args', '__proto__', 'constructor'];

const hostileString = fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) }, { weight: 1, arbitrary: fc.constant(HUGE_STRING) });
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...STRUCTURAL_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** How to bend a valid value: keep it, or replace one leaf, drop or add one key, replace it whole, or send raw text. */
type Bend = { op: 'keep' | 'leaf' | 'drop' | 'add' | 'whole' | 'raw'; at: number; value: unknown; key: string; raw: string };
const bendArb: fc.Arbitrary<Bend> = fc.record({
  op: fc.constantFrom('keep', 'leaf', 'leaf', 'leaf', 'drop', 'add', 'whole', 'raw'),
  at: fc.nat(),
  value: hostileValue,
  key: fc.oneof(fc.constantFrom(...FIELD_NAMES), hostileString),
  raw: fc.constantFrom(...RAW_JSON_BODIES),
});

type Path = Array<string | number>;
function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  if (path.length === 0) return root;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** The bent value, or `{ raw }` when the bend sends a text that no value could produce. */
export function bend(template: unknown, b: Bend): { value: unknown } | { raw: string } {
  if (b.op === 'keep') return { value: template };
  if (b.op === 'raw') return { raw: b.raw };
  if (b.op === 'whole') return { value: b.value };
  const paths = pathsOf(template);
  const path = paths[b.at % paths.length]!;
  if (b.op === 'leaf') return { value: path.length === 0 ? b.value : setAt(template, path, (p, k) => (p[k] = b.value)) };
  if (b.op === 'drop') return { value: path.length === 0 ? undefined : setAt(template, path, (p, k) => delete p[k]) };
  const parents = paths.filter((p) => {
    let node: unknown = template;
    for (const k of p) node = (node as Record<string | number, unknown>)[k];
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  if (parents.length === 0) return { value: { [b.key]: b.value } };
  const target = parents[b.at % parents.length]!;
  const added = structuredClone(template) as Record<string, unknown>;
  let node = added;
  for (const k of target) node = node[k] as Record<string, unknown>;
  Object.defineProperty(node, b.key, { value: b.value, enumerable: true, configurable: true, writable: true });
  return { value: added };
}

/** JSON text for a value, or the raw text itself; a value too deep for JSON.stringify is sent as a deep text. */
function bodyText(bent: { value: unknown } | { raw: string }): string | undefined {
  if ('raw' in bent) return bent.raw;
  if (bent.value === undefined) return undefined;
  try {
    return JSON.stringify(bent.value);
  } catch {
    return '['.repeat(50_000) + ']'.repeat(50_000);
  }
}

const queryValue = (value: unknown): string[] =>
  Array.isArray(value) ? value.slice(0, 20).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')) : [typeof value === 'string' ? value : (JSON.stringify(value) ?? '')];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query === undefined ? '' : `?q=${encodeLoose(queryValue(query)[0]!)}`;
  const parts = Object.entries(query).flatMap(([k, v]) => queryValue(v).map((s) => `${encodeLoose(k)}=${encodeLoose(s)}`));
  return parts.length ? `?${parts.join('&')}` : '';
}

const MAX_URL_LENGTH = 16 * 1024;

const CONTENT_TYPES = ['application/json', 'application/json', 'application/json', 'application/json', 'text/plain', '', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'];

function multipartBody(fields: Array<[string, string]>, file: { field: string; name: string; bytes: Buffer }): { body: Buffer; type: string } {
  const boundary = `fuzz${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`));
  chunks.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** Everything one request needs, drawn by fast-check (so a seed replays the same run). */
const planArb = fc.record({
  route: fc.oneof(
    { weight: 50, arbitrary: fc.constantFrom(...Object.keys(ROUTE_TEMPLATES).filter((r) => !ROUTE_TEMPLATES[r]!.skip)) },
    // The outbox and the public ingress take the most hostile traffic in real life: a quarter of the requests.
    { weight: 15, arbitrary: fc.constant('POST /sync/mutations') },
    { weight: 3, arbitrary: fc.constant('POST /hooks/:webhookId') },
  ),
  caller: fc.constantFrom<Caller>('admin', 'admin', 'admin', 'agent', 'agent', 'agent', 'none', 'bogus'),
  params: fc.array(fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: hostileString }), { minLength: 3, maxLength: 3 }),
  paramPick: fc.nat(),
  query: bendArb,
  body: bendArb,
  contentType: fc.constantFrom(...CONTENT_TYPES),
  mutations: fc.array(
    fc.record({
      name: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...Object.keys(MUTATION_TEMPLATES)) }, { weight: 1, arbitrary: hostileString }),
      id: fc.oneof({ weight: 14, arbitrary: fc.constant('uuid') }, { weight: 2, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom<unknown>(7, null, [], {}) }),
      args: bendArb,
      at: fc.oneof({ weight: 10, arbitrary: fc.constant<unknown>('now') }, { weight: 1, arbitrary: hostileValue }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  clientId: fc.oneof({ weight: 20, arbitrary: fc.constant('fuzz-client-0001') }, { weight: 1, arbitrary: hostileString }),
  origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000', 'http://127.0.0.1:4319', 'https://x.example:99999'),
});

export type Plan = typeof planArb extends fc.Arbitrary<infer P> ? P : never;

function buildUrl(route: string, template: RouteTemplate, plan: Plan, c: FuzzContext): string {
  const [method, path] = route.split(' ') as [string, string];
  if (method === 'OPTIONS') return Object.keys(ROUTE_TEMPLATES)[plan.paramPick % Object.keys(ROUTE_TEMPLATES).length]!.split(' ')[1]!.replace(/:\w+/g, 'x-1');
  const valid = template.params?.(c) ?? {};
  let i = 0;
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const hostile = plan.params[i++ % plan.params.length];
    const choices = valid[name] ?? ['unknown-id'];
    return encodeLoose(hostile ?? choices[plan.paramPick % choices.length]!);
  });
  const query = template.query ? bend(template.query(c), plan.query) : plan.query.op === 'add' ? { value: { [plan.query.key]: plan.query.value } } : { value: undefined };
  // Node refuses a request line past its 16 kB header limit before any route runs; only shorter ones reach the app.
  return (filled + queryString('raw' in query ? { raw: query.raw } : query.value)).slice(0, MAX_URL_LENGTH);
}

export function buildRequest(plan: Plan, c: FuzzContext, tokens: Record<'admin' | 'agent', string>): FuzzRequest {
  const route = plan.route;
  const template = ROUTE_TEMPLATES[route]!;
  const method = route.split(' ')[0]!;
  const headers: Record<string, string> = {};
  if (plan.caller === 'admin' || plan.caller === 'agent') headers.authorization = `Bearer ${tokens[plan.caller]}`;
  if (plan.caller === 'bogus') headers.authorization = 'Bearer not-a-session';
  if (route.startsWith('POST /hooks/') && plan.caller !== 'none') headers.authorization = `Bearer ${plan.caller === 'bogus' ? 'wrong' : c.webhookToken}`;
  Object.assign(headers, template.headers?.() ?? {});
  const request: FuzzRequest = { route, method, url: buildUrl(route, template, plan, c), caller: plan.caller, headers };

  if (method === 'OPTIONS') {
    headers.origin = plan.origin;
    headers['access-control-request-method'] = 'POST';
    return request;
  }
  if (route === 'POST /sync/mutations') {
    const ids: unknown[] = [];
    const mutations = plan.mutations.map((m) => {
      const id = m.id === 'uuid' ? randomUUID() : m.id;
      ids.push(id);
      const template = Object.hasOwn(MUTATION_TEMPLATES, m.name) ? MUTATION_TEMPLATES[m.name] : undefined;
      const args = template ? bend(template(c), m.args) : { value: m.args.value };
      return { id, name: m.name, args: 'raw' in args ? m.args.value : args.value, at: m.at === 'now' ? Date.now() : m.at };
    });
    const tailId = randomUUID();
    ids.push(tailId);
    mutations.push({ id: tailId, name: 'user.setLanguage', args: { language: 'en' }, at: Date.now() });
    headers['content-type'] = 'application/json';
    request.payload = bodyText({ value: { clientId: plan.clientId, mutations } });
    request.mutations = { ids, names: plan.mutations.map((m) => m.name), tailId };
    return request;
  }
  if (template.multipart) {
    const fileId = plan.params[1] ?? `fil-${randomUUID()}`;
    const name = (plan.params[2] ?? 'photo.png').replace(/[\r\n"]/g, '_');
    const made = multipartBody(
      [
        ['fileId', fileId.replace(/[\r\n]/g, '_')],
        ['makePublic', plan.body.key],
      ],
      { field: plan.paramPick % 5 === 0 ? String(plan.body.key).replace(/[\r\n"]/g, '_') : 'file1', name, bytes: Buffer.from('\x89PNG') },
    );
    headers['content-type'] = made.type;
    request.payload = made.body;
    return request;
  }
  if (method === 'GET' || method === 'DELETE') return request;
  const body = bodyText(template.body ? bend(template.body(c), plan.body) : bend({}, plan.body));
  if (body !== undefined) {
    if (plan.contentType) headers['content-type'] = plan.contentType;
    request.payload = body;
  }
  return request;
}

/** `count` requests, the same ones for the same seed. */
export function sampleRequests(count: number, seed: number): Plan[] {
  return fc.sample(planArb, { numRuns: count, seed });
}
