import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH, routeKey } from '../../../server/http/openApi.ts';
import { ROUTE_SUMMARIES } from '../../../server/http/routeSummaries.ts';
import { createTestApp, type TestApp } from '../helpers/testApp.ts';

type Operation = { summary?: string; tags?: string[]; security?: unknown[]; description?: string; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }> };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/users/:id` is OpenAPI's `/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
/** Routes that are not the API: CORS preflight, the document itself and its reference pages. */
const notTheApi = (method: string, url: string) => method === 'OPTIONS' || url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let apiRoutes: { method: string; url: string }[];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const reply = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    doc = reply.json<OpenApiDocument>();
    apiRoutes = (t.app as unknown as { routeTable: { method: string; url: string }[] }).routeTable.filter((r) => !notTheApi(r.method, r.url));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the server answers, each with a summary, a tag and its {code, message} error answers', () => {
    expect(apiRoutes.length).toBeGreaterThan(100);
    const missing = apiRoutes.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.summary);
    expect(missing.map((r) => routeKey(r.method, r.url))).toEqual([]);
    for (const route of apiRoutes) {
      const operation = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect(operation.tags?.length, routeKey(route.method, route.url)).toBe(1);
      expect(operation.responses['4XX']?.content?.['application/json']?.schema.required).toEqual(['code', 'message']);
    }
  });

  it('has no summary for a route that no longer exists', () => {
    const registered = new Set(apiRoutes.map((r) => routeKey(r.method, r.url)));
    expect(Object.keys(ROUTE_SUMMARIES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('documents the public webhook ingress with its own token, an example body and a curl example', () => {
    const ingress = doc.paths['/hooks/{webhookId}']!.post!;
    expect(ingress.security).toEqual([{ webhookBearer: [] }, { webhookToken: [] }]);
    expect(ingress.requestBody?.content['application/json']?.example).toMatchObject({ customerId: 'C-1001' });
    expect(ingress.description).toContain('curl -X POST');
    expect(ingress.description).toContain('Idempotency-Key');
    expect(doc.paths['/token']!.post!.security).toEqual([]);
  });

  it('serves an interactive reference at /docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
  });
});
