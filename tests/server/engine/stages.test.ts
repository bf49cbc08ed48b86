import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../src/domain/traces/secretMasking.ts';
import { testBackends } from '../helpers/databases.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();

/** A local HTTP server the API stage calls: /flaky fails twice then answers, /policy answers JSON, /slow never answers in time. */
function startApiServer() {
  let flakyCalls = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/flaky')) {
      flakyCalls += 1;
      res.writeHead(flakyCalls <= 2 ? 503 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(flakyCalls <= 2 ? { error: 'busy' } : { policyStatus: 'active', ignored: true }));
      return;
    }
    if (req.url?.startsWith('/slow')) return; // never answers: the stage's timeout ends it
    if (req.url?.startsWith('/missing')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ policyStatus: 'active', echo: body ? JSON.parse(body) : null, path: req.url }));
    });
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

describe.each(backends)('stage types on %s', (backend) => {
  let e: EngineTest;
  let api: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    e = await createEngineTest(backend);
    api = await startApiServer();
  });
  afterAll(async () => {
    await api?.close();
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const instance = (id: string) => db().selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Runs a one-stage flow (start → the stage → end) on `body` and answers the instance after the runner drained. */
  async function runOne(middle: ReturnType<typeof stage>, body: object = {}, settings = {}) {
    const { webhookId, token } = await e.flowApp([stage('start', 'start', [middle.key]), { ...middle, transitions: [{ to: 'end' }] }, stage('end', 'end')]);
    const { instanceId } = (await e.hook(webhookId, token, body)).json();
    await e.engine({ settings }).drain();
    return instance(instanceId);
  }
  const apiCalls = (instanceId: string) =>
    db().selectFrom('external_api_executions').selectAll().where('instance_id', '=', instanceId).orderBy('executed_at').execute();

  it('a script reads the values and writes only its exported values', async () => {
    const script = stage('score', 'script', [], {
      script: 'const a = Number(values.amount); return { riskScore: a > 5000 ? "high" : "low", secret: 42 };',
      exported_values: ['riskScore'],
    });
    const done = await runOne(script, { amount: 9000 });
    expect(done.status).toBe('DONE');
    expect(done.values).toMatchObject({ amount: 9000, riskScore: 'high' });
    expect(done.values).not.toHaveProperty('secret');
  });

  it.each([
    ['an endless loop', 'while (true) {}', 300, /ran longer than 300 ms and was stopped/],
    ['a memory bomb', 'const keep = []; while (true) { keep.push({ n: keep.length, s: "x" + keep.length }); }', 5000, /more than 16 MB of memory and was stopped/],
    // Busy inside one native call, QuickJS cannot see its deadline: the sandbox thread is terminated instead.
    ['a bomb inside native calls', 'const keep = []; while (true) { keep.push("x".repeat(1 << 20) + keep.length); }', 300, /ran longer than 300 ms and was stopped/],
    ['a thrown error', 'throw new TypeError("bad input")', 300, /The script failed: TypeError: bad input/],
    ['a non-object answer', 'return 7;', 300, /must return an object/],
  ])('%s is stopped and recorded as the stage error', async (_label, source, scriptTimeMs, message) => {
    const started = Date.now();
    const failed = await runOne(stage('s', 'script', [], { script: source }), {}, { scriptTimeMs });
    expect(Date.now() - started).toBeLessThan(scriptTimeMs + 3000);
    expect(failed.status).toBe('ERROR');
    expect(failed.error).toMatch(message);
    const row = await db().selectFrom('instance_stages').select(['status', 'error']).where('instance_id', '=', failed.id).where('stage_key', '=', 's').executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(message);
  });

  it('the server keeps answering while a script is being stopped', async () => {
    const { webhookId, token } = await e.flowApp([stage('start', 'start', ['s']), stage('s', 'script', ['end'], { script: 'while (true) {}' }), stage('end', 'end')]);
    await e.hook(webhookId, token, {});
    const draining = e.engine({ settings: { scriptTimeMs: 1000 } }).drain();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const status = await e.t.app.inject({ method: 'GET', url: '/status' });
    expect(status.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    await draining;
  });

  it('an API stage to 127.0.0.1 is refused by default and recorded, with no retry', async () => {
    const failed = await runOne(stage('call', 'api', [], { request: { method: 'GET', url: `${api.url}/policy` } }));
    expect(failed.status).toBe('ERROR');
    expect(failed.error).toMatch(/private or loopback addresses are not allowed/);
    const calls = await apiCalls(failed.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ status: 'error', error_code: 'BLOCKED_ADDRESS', response_status: null });
  });

  it('a host name that resolves to loopback is refused too (the check is on the resolved address)', async () => {
    const port = new URL(api.url).port;
    const failed = await runOne(stage('call', 'api', [], { request: { url: `http://localhost:${port}/policy` } }));
    expect(failed.error).toMatch(/localhost is (127\.0\.0\.1|::1)/);
  });

  it('with ALLOW_PRIVATE_NETWORK the call is made, filled from the values, and exported values are read from the answer', async () => {
    const call = stage('call', 'api', [], {
      request: { method: 'POST', url: `${api.url}/policies/{{policy}}`, headers: { Authorization: 'Bearer s3cret' }, body: { policy: '{{policy}}', apiToken: 'tok-1' } },
      exported_values: ['policyStatus'],
    });
    const done = await runOne(call, { policy: 'P 1/2' }, { allowPrivateNetwork: true });
    expect(done.status).toBe('DONE');
    expect(done.values).toMatchObject({ policyStatus: 'active' });
    const [record] = await apiCalls(done.id);
    expect(record).toMatchObject({ request_method: 'POST', response_status: 200, status: 'success', initiated_by: 'engine', stage_key: 'call' });
    expect(record?.request_url).toBe(`${api.url}/policies/P%201%2F2`);
    expect(record?.response_body).toMatchObject({ echo: { policy: 'P 1/2', apiToken: SECRET_MASK } });
    // The trace replicates to administrators' devices: its secrets are masked as it is recorded.
    expect(record?.request_headers).toMatchObject({ Authorization: SECRET_MASK });
    expect(record?.request_body).toEqual({ policy: 'P 1/2', apiToken: SECRET_MASK });
    expect(record?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('503 answers are retried with backoff and every attempt is recorded', async () => {
    const done = await runOne(stage('call', 'api', [], { request: { url: `${api.url}/flaky` }, exported_values: ['policyStatus'] }), {}, { allowPrivateNetwork: true });
    expect(done.status).toBe('DONE');
    expect((await apiCalls(done.id)).map((c) => c.response_status)).toEqual([503, 503, 200]);
  });

  it('a 404 is not retried; a timeout is retried and then fails the stage', async () => {
    const missing = await runOne(stage('call', 'api', [], { request: { url: `${api.url}/missing` } }), {}, { allowPrivateNetwork: true });
    expect(missing.error).toBe('The API answered 404');
    expect(await apiCalls(missing.id)).toHaveLength(1);
    const slow = await runOne(stage('call', 'api', [], { request: { url: `${api.url}/slow`, timeoutMs: 100, retries: 1 } }), {}, { allowPrivateNetwork: true });
    expect(slow.error).toBe('No answer within 100 ms after 2 attempts');
    expect((await apiCalls(slow.id)).map((c) => c.error_code)).toEqual(['TIMEOUT', 'TIMEOUT']);
  });

  it('a timer parks the instance until its time and the runner wakes it then', async () => {
    const { webhookId, token } = await e.flowApp([stage('start', 'start', ['wait']), stage('wait', 'timer', ['end'], { delaySeconds: 3600 }), stage('end', 'end')]);
    const { instanceId } = (await e.hook(webhookId, token, {})).json();
    const engine = e.engine();
    await engine.drain();
    const parked = await instance(instanceId);
    expect(parked).toMatchObject({ status: 'RUNNING', current_stage: 'wait' });
    expect(parked.wake_at!.getTime() - Date.now()).toBeGreaterThan(3500 * 1000);
    e.clock.advance(3599 * 1000);
    expect(await engine.drain()).toBe(0);
    e.clock.advance(2000);
    expect(await engine.drain()).toBeGreaterThan(0);
    expect((await instance(instanceId)).status).toBe('DONE');
    e.clock.set(new Date());
  });

  it('a stage with a case state moves the case and writes case history and a case log', async () => {
    // The ONBOARDING case type starts the demo onboarding app; give it a flow with states.
    const flow = [
      stage('start', 'start', ['verify'], {}, { caseStateKey: 'NEW' }),
      stage('verify', 'script', ['end'], { script: 'return { ok: true };' }, { caseStateKey: 'VERIFY' }),
      stage('end', 'end', [], {}, { caseStateKey: 'ACTIVE' }),
    ];
    await e.t.app.inject({ method: 'PATCH', url: '/flowmanager/flows/flow-demo-onboarding', headers: e.admin, payload: { stages: flow } });
    await db().updateTable('events').set({ is_active: true }).where('id', '=', 'evt-demo-onboarding-hook').execute();
    const delivered = await e.hook('whk-demo-onboarding', 'demo-onboarding-hook-token-2026', { customerName: 'Iva', customerId: 'C-9' });
    expect(delivered.statusCode).toBe(202);
    await e.engine().drain();
    const run = await instance(delivered.json().instanceId);
    expect(run.status).toBe('DONE');
    const kase = await db().selectFrom('cases').selectAll().where('id', '=', run.case_id!).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ customer_id: 'C-9', status: 'COMPLETED', state_id: 'cst-demo-onboarding-active' });
    const history = await db().selectFrom('case_history').select('field_new_data').where('case_id', '=', kase.id).orderBy('transaction_date').orderBy('rev').execute();
    expect(history.map((h) => h.field_new_data)).toEqual(['NEW', 'VERIFY', 'ACTIVE']);
    const logs = await db().selectFrom('case_logs').select(['field_changed', 'new_value']).where('case_id', '=', kase.id).execute();
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.field_changed === 'state')).toBe(true);
  });
});
