import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNCED_COLLECTIONS } from '../../src/domain/sync/collections.ts';
import type { PullResponse, ReplicaDoc, StreamMessage } from '../../src/domain/sync/protocol.ts';
import { MUTATION_TEMPLATES, ROUTE_TEMPLATES, type FuzzContext } from './fuzz/fuzzTargets.ts';
import { testBackends } from './helpers/databases.ts';
import { createOtherWorkspace, OTHER_MARKER, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

/** Issue 10 item 7: no call, pull, stream event or file of one workspace is visible from another. */
describe.each(backends)('two workspaces on one server, on %s', (backend) => {
  let t: TestApp;
  let other: OtherWorkspace;
  let demo: Record<'admin' | 'agent', { authorization: string }>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    other = await createOtherWorkspace(t);
    demo = { admin: (await t.loginAs(demoAccount('ADMIN').username)).headers, agent: (await t.loginAs(demoAccount('NORMAL').username)).headers };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pullAll(headers: { authorization: string }, collection: string, scope?: string): Promise<{ status: number; docs: ReplicaDoc[] }> {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (;;) {
      const query = new URLSearchParams({ collection, limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}), ...(scope ? { scope } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers });
      if (response.statusCode !== 200) return { status: response.statusCode, docs };
      const page = response.json<PullResponse>();
      docs.push(...page.documents);
      checkpoint = page.checkpoint;
      if (page.documents.length < 1000) return { status: 200, docs };
    }
  }
  const otherRev = async () => Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-other-co').executeTakeFirstOrThrow()).rev);

  it('each workspace pulls its own documents and none of the other', async () => {
    for (const collection of SYNCED_COLLECTIONS.filter((c) => c !== 'caseRecords')) {
      for (const [who, headers, own, foreign] of [
        ['demo admin', demo.admin, 'ws-demo', 'ws-other-co'],
        ['other admin', other.admin.headers, 'ws-other-co', 'ws-demo'],
      ] as const) {
        const { docs } = await pullAll(headers, collection);
        const foreignDocs = docs.filter((d) => (d.kind === 'workspace' ? d.id : d.workspaceId) === foreign);
        expect(foreignDocs, `${who} pulled ${collection} of ${foreign}`).toEqual([]);
        expect(docs.every((d) => (d.kind === 'workspace' ? d.id : d.workspaceId) === own)).toBe(true);
      }
    }
    const otherConfig = await pullAll(other.admin.headers, 'config');
    expect(JSON.stringify(otherConfig.docs)).toContain(OTHER_MARKER);
    expect((await pullAll(demo.admin, 'caseRecords', `case:${other.ids.case}`)).status).toBe(404);
    expect((await pullAll(other.admin.headers, 'caseRecords', `case:${other.ids.case}`)).docs.map((d) => d.kind).sort()).toEqual(['caseFile', 'caseNote']);
  });

  it("no call of the API, aimed at the other workspace's ids, reads or writes anything of it", async () => {
    const c: FuzzContext = {
      admin: other.admin.userId,
      agent: other.agent.userId,
      workspace: other.workspaceId,
      tickets: Array.from({ length: 6 }, () => other.ids.ticket),
      app: other.ids.app,
      event: other.ids.event,
      webhook: other.ids.webhook,
      webhookToken: 'demo-onboarding-hook-token-2026',
      instance: 'ins-none-here',
      stage: 'stage-none-here',
      flow: other.ids.flow,
      case: other.ids.case,
      file: other.ids.file,
      team: other.ids.team,
      otherTeam: other.ids.team,
      engine: other.ids.engine,
      calendar: other.ids.calendar,
      caseType: other.ids.caseType,
      caseState: other.ids.caseState,
    };
    let calls = 0;
    for (const [route, template] of Object.entries(ROUTE_TEMPLATES)) {
      // Signing out would end the session the sweep runs with (and says nothing of another workspace).
      if (template.skip || route.startsWith('OPTIONS') || template.multipart || route === 'POST /auth/logout') continue;
      const [method, path] = route.split(' ') as [string, string];
      const params = template.params?.(c) ?? {};
      const url = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name]?.[0] ?? 'none')) + (template.query ? `?${new URLSearchParams(Object.entries(template.query(c)).map(([k, v]) => [k, String(v)]))}` : '');
      const bodies =
        route === 'POST /sync/mutations'
          ? Object.entries(MUTATION_TEMPLATES).map(([name, args]) => ({ clientId: 'client-isolation', mutations: [{ id: randomUUID(), name, args: args(c), at: Date.now() }] }))
          : [template.body?.(c)];
      for (const headers of [demo.admin, demo.agent]) {
        for (const body of bodies) {
          const rev = await otherRev();
          const response = await t.app.inject({ method: method as 'GET', url, headers: route.startsWith('POST /hooks/') ? {} : headers, ...(body === undefined ? {} : { payload: body as object }) });
          calls += 1;
          expect(response.body, `${method} ${url}`).not.toContain(OTHER_MARKER);
          // Every call was judged as the signed-in demo user (a 401 would prove nothing).
          if (!route.startsWith('POST /hooks/') && !route.startsWith('POST /token') && !route.startsWith('POST /auth/')) expect(response.statusCode, `${method} ${url}`).not.toBe(401);
          // A delivery refused at the public ingress is still recorded in that workspace's trace (one revision).
          expect((await otherRev()) - rev, `${method} ${url} wrote into the other workspace`).toBe(route.startsWith('POST /hooks/') ? 1 : 0);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
  });

  it("a file of the other workspace is not found, and neither is an upload to its case", async () => {
    const read = await t.app.inject({ method: 'GET', url: `/cases/${other.ids.case}/files/${other.ids.file}`, headers: demo.admin });
    expect(read.statusCode).toBe(404);
    const rev = await otherRev();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/cases/${other.ids.case}/files`,
      headers: { ...demo.admin, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="file1"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n',
    });
    expect(upload.statusCode).toBe(404);
    expect(await otherRev()).toBe(rev);
    const own = await t.app.inject({ method: 'GET', url: `/cases/${other.ids.case}/files/${other.ids.file}`, headers: other.admin.headers });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(`${OTHER_MARKER} bytes`);
  });

  it("the live stream of one workspace says nothing of the other's changes", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const seen: StreamMessage[] = [];
    const stop = new AbortController();
    const response = await fetch(`${base}/sync/stream`, { headers: { ...demo.admin, accept: 'text/event-stream' }, signal: stop.signal });
    const reader = response.body!.getReader();
    const reading = (async () => {
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          for (const block of decoder.decode(value).split('\n\n')) if (block.includes('event: changes')) seen.push(JSON.parse(block.split('data: ')[1]!) as StreamMessage);
        }
      } catch {
        // aborted
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const patched = await t.app.inject({ method: 'PATCH', url: `/apps/${other.ids.app}`, headers: other.admin.headers, payload: { description: `Changed ${OTHER_MARKER}` } });
      expect(patched.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual([]);
    } finally {
      stop.abort();
      await reading;
    }
  });
});
