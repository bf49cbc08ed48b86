import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstances } from '../../../server/engine/instanceStart.ts';
import { createWebhookIngress, type StartInstances, type WebhookDelivery } from '../../../server/engine/webhookIngress.ts';
import { noRunnableFlow } from '../../../server/engine/instanceLifecycle.ts';
import { testBackends } from '../helpers/databases.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();
const flow = [stage('start', 'start', ['end']), stage('end', 'end')];

/** A start that throws for a delivery whose body asks it to: the seam that makes one delivery of a group fail. */
const faulty: StartInstances = async (ctx, inputs) => {
  const bad = inputs.find((i) => i.values.explode !== undefined);
  if (bad?.values.explode === 'api') throw noRunnableFlow();
  if (bad) throw new Error('boom');
  return startInstances(ctx, inputs);
};

describe.each(backends)('webhook group commit on %s', (backend) => {
  let e: EngineTest;
  let hook: { webhookId: string; token: string; eventId: string; appId: string };
  beforeAll(async () => {
    e = await createEngineTest(backend);
    hook = await e.flowApp(flow, 'Grouped app');
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const delivery = (body: unknown, key: string | null = null): WebhookDelivery => ({
    webhookId: hook.webhookId,
    token: hook.token,
    idempotencyKey: key,
    body,
    headers: { 'content-type': 'application/json' },
    url: `/hooks/${hook.webhookId}`,
    method: 'POST',
    receivedAt: new Date(),
    startedMs: performance.now(),
    requestId: 'req-test',
  });
  const tracesOf = (ids: string[]) => db().selectFrom('webhook_executions').selectAll().where('instance_id', 'in', ids).execute();

  it('50 concurrent deliveries are all answered 202, each with its own instance and trace row, in groups sharing a revision', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => e.hook(hook.webhookId, hook.token, { n: i }, { 'idempotency-key': `g-${i}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(202));
    const ids = answers.map((a) => a.json().instanceId as string);
    expect(new Set(ids).size).toBe(50);
    const traces = await tracesOf(ids);
    expect(traces).toHaveLength(50);
    expect(new Set(traces.map((t) => t.idempotency_key))).toEqual(new Set(ids.map((_, i) => `g-${i}`)));
    const instances = await db().selectFrom('instances').select(['id', 'rev', 'values']).where('id', 'in', ids).execute();
    const revOf = new Map(instances.map((i) => [i.id, Number(i.rev)]));
    // Each delivery's instance carries its trace row's revision; deliveries shared revisions, with no gap between them.
    for (const t of traces) expect(revOf.get(t.instance_id ?? '')).toBe(Number(t.rev));
    const revs = [...new Set(traces.map((t) => Number(t.rev)))].sort((a, b) => a - b);
    // PGlite is one session: the reads before the lock queue behind the transaction, so its groups stay small.
    if (backend === 'postgres') expect(revs.length).toBeLessThan(50);
    expect(revs.at(-1)! - revs[0]! + 1).toBe(revs.length);
    const stages = await db().selectFrom('instance_stages').select(['instance_id', 'rev']).where('instance_id', 'in', ids).execute();
    expect(stages.every((s) => revOf.get(s.instance_id) === Number(s.rev))).toBe(true);
    const jobs = await db().selectFrom('jobs').select('instance_id').where('instance_id', 'in', ids).execute();
    expect(jobs).toHaveLength(50);
  });

  it('a key repeated inside one group and across groups starts one instance and answers the same body', async () => {
    const before = (await db().selectFrom('instances').select('id').where('app_id', '=', hook.appId).execute()).length;
    const first = await Promise.all(Array.from({ length: 12 }, (_, i) => e.hook(hook.webhookId, hook.token, { i }, { 'idempotency-key': i % 2 ? 'twin-a' : 'twin-b' })));
    const again = await Promise.all(Array.from({ length: 6 }, () => e.hook(hook.webhookId, hook.token, {}, { 'idempotency-key': 'twin-a' })));
    expect([...first, ...again].every((a) => a.statusCode === 202)).toBe(true);
    const bodies = (key: 'twin-a' | 'twin-b') => [...first.filter((_, i) => (i % 2 ? 'twin-a' : 'twin-b') === key), ...(key === 'twin-a' ? again : [])].map((a) => a.json());
    for (const key of ['twin-a', 'twin-b'] as const) {
      const [one, ...rest] = bodies(key);
      expect(one).toMatchObject({ status: 'UNPROCESSED', instanceId: expect.any(String) });
      for (const body of rest) expect(body).toEqual(one);
    }
    expect([...first, ...again].filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(2);
    expect((await db().selectFrom('instances').select('id').where('app_id', '=', hook.appId).execute()).length).toBe(before + 2);
    const keyed = await db().selectFrom('webhook_executions').select('id').where('idempotency_key', 'in', ['twin-a', 'twin-b']).execute();
    expect(keyed).toHaveLength(2);
  });

  it('a delivery that throws inside a group is answered and recorded as an error; the others of the group commit', async () => {
    const ingress = createWebhookIngress(db(), { startInstances: faulty });
    const bodies = Array.from({ length: 10 }, (_, i) => (i === 3 ? { explode: 'crash' } : i === 6 ? { explode: 'api' } : { ok: i }));
    const answers = await Promise.all(bodies.map((body, i) => ingress.receive(delivery(body, `fault-${i}`))));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 500, 202, 202, 409, 202, 202, 202]);
    expect(answers[3]?.body).toEqual({ code: 'internal', message: 'Internal server error (request req-test)' });
    expect(answers[3]?.fault).toBeInstanceOf(Error);
    expect(answers[6]?.body).toEqual({ code: 'no-runnable-flow', message: "The app's workflow has no start stage to run" });
    const ids = answers.filter((a) => a.status === 202).map((a) => a.body.instanceId as string);
    expect(await db().selectFrom('instances').select('id').where('id', 'in', ids).execute()).toHaveLength(8);
    const failed = await db().selectFrom('webhook_executions').selectAll().where('webhook_id', '=', hook.webhookId).where('response_status', 'in', [500, 409]).execute();
    expect(failed.map((f) => [f.status, f.instance_id, f.idempotency_key]).sort()).toEqual([
      ['error', null, null],
      ['error', null, null],
    ]);
    // The group written together threw and rolled back whole: the revision it took was handed out again, no gap.
    const { workspace_id } = await db().selectFrom('webhooks').select('workspace_id').where('id', '=', hook.webhookId).executeTakeFirstOrThrow();
    const counter = await db().selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', workspace_id).executeTakeFirstOrThrow();
    const written = await db().selectFrom('instances').select('rev').where('id', 'in', ids).execute();
    expect(Math.max(...[...written, ...failed].map((r) => Number(r.rev)))).toBe(Number(counter.rev));
    // The failed deliveries left no key taken: sent again without the fault, they start an instance.
    const retried = await ingress.receive(delivery({ ok: 'now' }, 'fault-3'));
    expect(retried).toMatchObject({ status: 202, replayed: false });
    const values = await db().selectFrom('instances').select('values').where('event_id', '=', hook.eventId).where('id', 'not in', ids).execute();
    expect(values.some((v) => JSON.stringify(v.values).includes('explode'))).toBe(false);
  });

  it('a client pulling by checkpoint while deliveries flow never skips a change', async () => {
    const workspaceId = 'ws-demo';
    const seen = new Set<string>();
    let checkpoint = Number((await db().selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow()).rev);
    const start = checkpoint;
    let flowing = true;
    const pull = async () => {
      const rows = await db().selectFrom('webhook_executions').select(['id', 'rev']).where('workspace_id', '=', workspaceId).where('rev', '>', checkpoint).orderBy('rev').orderBy('id').execute();
      for (const r of rows) seen.add(r.id);
      checkpoint = Math.max(checkpoint, ...rows.map((r) => Number(r.rev)));
    };
    const puller = (async () => {
      while (flowing) {
        await pull();
        // PGlite answers without leaving the microtask queue: let the requests' I/O callbacks run between pulls.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const waves = await Promise.all(Array.from({ length: 4 }, (_, w) => Promise.all(Array.from({ length: 15 }, (_, i) => e.hook(hook.webhookId, hook.token, { w, i })))));
    flowing = false;
    await puller;
    await pull();
    expect(waves.flat().every((a) => a.statusCode === 202)).toBe(true);
    const all = await db().selectFrom('webhook_executions').select('id').where('workspace_id', '=', workspaceId).where('rev', '>', start).execute();
    expect(all).toHaveLength(60);
    expect([...seen].sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('when the group transaction itself fails, every delivery of the group fails with its error', async () => {
    const saved = await db().selectFrom('workspace_revisions').selectAll().where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    await db().deleteFrom('workspace_revisions').where('workspace_id', '=', 'ws-demo').execute();
    try {
      const ingress = createWebhookIngress(db());
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => ingress.receive(delivery({ i }))));
      expect(outcomes.map((o) => o.status)).toEqual(Array(5).fill('rejected'));
      expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : null))).toEqual(Array(5).fill('unknown-workspace'));
    } finally {
      await db().insertInto('workspace_revisions').values(saved).execute();
    }
  });
});
