import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../src/domain/auth/session.ts';
import { ROUTE_SUMMARIES } from './routeSummaries.ts';

/** Where the document and its interactive reference are served. */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PREFIX = '/docs';

/** Every refusal of the API has this shape (server/http/errors.ts). */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', description: 'Stable, machine-readable reason', examples: ['invalid-request'] },
    message: { type: 'string', description: 'What happened, in words a person can act on' },
  },
} as const;
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_BODY } } });
const ERROR_ANSWERS = {
  '4XX': errorAnswer('Refused: bad input (400), no session (401), not allowed (403), not found (404), conflict (409), too many requests (429)'),
  '5XX': errorAnswer('The server or a service it depends on failed'),
};

/** Calls that need no session: sign-in, public pages and links, the kiosk, the webhook ingress (its own token). */
const PUBLIC_ROUTES = new Set([
  'GET /status',
  'GET /status/ready',
  'GET /status/live',
  'POST /token',
  'POST /auth/recovery',
  'POST /auth/reset',
  'GET /flowtimer/contact/answer',
  'GET /sign/:token',
  'GET /sign/:token/document',
  'POST /sign/:token',
  'GET /public/forms/:formId',
  'POST /public/forms/:formId/submissions',
  'GET /forms/:formId/manifest.webmanifest',
]);

const WEBHOOK_INGRESS = 'POST /hooks/:webhookId';
const WEBHOOK_EXAMPLE = { customerId: 'C-1001', amount: 250, currency: 'EUR' };
const WEBHOOK_DESCRIPTION = [
  "Starts an instance of the webhook's app with the body as its values. Authenticated by the webhook's token",
  '(`Authorization: Bearer <token>` or `x-webhook-token: <token>`), not by a session. Send an `Idempotency-Key`',
  'header to make retries safe: a repeated key answers the first delivery again with `idempotent-replayed: true`.',
  'Every delivery, refused ones included, is recorded in the webhook trace.',
  '',
  '```sh',
  `curl -X POST https://console.example.com/hooks/whk-123 -H 'Authorization: Bearer <token>' \\`,
  `  -H 'Content-Type: application/json' -H 'Idempotency-Key: order-1001' -d '${JSON.stringify(WEBHOOK_EXAMPLE)}'`,
  '```',
].join('\n');

/** `METHOD /path` of a route as Fastify registers it (HEAD shadows of GET routes left out). */
export const routeKey = (method: string | readonly string[], url: string): string => `${[method].flat().find((m) => m !== 'HEAD') ?? 'GET'} ${url}`;

type SchemaObject = Record<string, unknown>;
const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** What `z.json()` documents as: any JSON value. */
const ANY_JSON = { description: 'Any JSON value' };
/**
 * zod writes a recursive schema (`z.json()`) as a reference to a definition it names `schema0`, which only
 * registered schemas get into components; such a reference becomes "any JSON value", which is what it means.
 */
function inlineAnonymousRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inlineAnonymousRefs);
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as SchemaObject).$ref;
  if (typeof ref === 'string' && /^#\/components\/schemas\/schema\d+$/.test(ref)) return ANY_JSON;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inlineAnonymousRefs(inner)]));
}

/** The zod type provider's transform, then the summary, tag, security and error answers of each route. */
function describeRoute(input: Parameters<typeof zodTransform>[0]): ReturnType<typeof zodTransform> {
  const transformed = zodTransform(input);
  const schema = inlineAnonymousRefs(transformed.schema ?? {}) as SchemaObject;
  const key = routeKey(input.route.method, input.route.url);
  if (schema.hide || key.startsWith('OPTIONS ')) return { ...transformed, schema: { ...schema, hide: true } };
  const segment = input.route.url.split('/')[1] ?? '';
  const described: SchemaObject = {
    ...schema,
    summary: ROUTE_SUMMARIES[key] ?? schema.summary,
    tags: [segment === 'v2' ? (input.route.url.split('/')[2] ?? segment) : segment],
    response: { ...ERROR_ANSWERS, ...(schema.response as SchemaObject | undefined) },
  };
  if (PUBLIC_ROUTES.has(key)) described.security = [];
  if (key === 'GET /metrics') described.security = [{ metricsToken: [] }];
  if (key === WEBHOOK_INGRESS) {
    described.security = [{ webhookBearer: [] }, { webhookToken: [] }];
    described.description = WEBHOOK_DESCRIPTION;
    described.body = { type: 'object', additionalProperties: true, description: "The instance's values (any JSON; other content types are kept as text)", examples: [WEBHOOK_EXAMPLE] };
    described.response = { ...(described.response as SchemaObject), 202: { description: 'Accepted: the instance is recorded', type: 'object', properties: { instanceId: { type: 'string' } } } };
  }
  return { ...transformed, schema: described };
}

/**
 * The API's OpenAPI 3.1 document, generated from the same zod schemas the routes validate with, at
 * /openapi.json, and an interactive reference at /docs. Register before the routes: the document is made of the
 * routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workflow Console API',
        version: '1.0.0',
        description: 'Sessions, administration, the workflow engine, tickets, cases, batches, front desk, templates and traces. Errors answer `{code, message}`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The token answered by POST /token' },
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: "The console's session cookie (writes also need the console's request header)" },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'The METRICS_TOKEN of the server' },
          webhookBearer: { type: 'http', scheme: 'bearer', description: "A webhook's own token" },
          webhookToken: { type: 'apiKey', in: 'header', name: 'x-webhook-token', description: "A webhook's own token" },
        },
      },
      security: [{ bearer: [] }, { session: [] }],
    },
    transform: describeRoute,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { deepLinking: true } });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'no-cache').send(app.swagger()));
}
