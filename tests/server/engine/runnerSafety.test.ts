import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/connection.ts';
import { createEngine } from '../../../server/engine/engine.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { claimJobs, holdLease, LeaseLostError } from '../../../server/engine/jobQueue.ts';
import { createMailer } from '../../../server/mail/mailer.ts';
import { reachablePostgresUrl, testBackends } from '../helpers/databases.ts';
import { createEngineTest, stage, TEST_STAGE_SETTINGS, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();
const HOUR = 3600_000;

/** start → score (script) → mail (e-mail) → end: every stage leaves a row, the e-mail one in mail_log too. */
const flow = [
  stage('start', 'start', ['score']),
  stage('score', 'script', ['mail'], { script: 'return { score: Number(values.n) * 2 };' }),
  stage('mail', 'email', ['end'], { to: 'run-{{n}}@example.com', subject: 'Run {{n}}' }),
  stage('end', 'end'),
];

describe.each(backends)('runner safety on %s', (backend) => {
  let e: EngineTest;
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    e = await createEngineTest(backend);
    // PGlite is one session in this process; on PostgreSQL the second runner gets its own pool, like a second server.
    const url = backend === 'postgres' ? await reachablePostgresUrl() : null;
    if (url && e.t.handle.schema) second = await openDatabase({ databaseUrl: url, schema: e.t.handle.schema });
  });
  afterAll(async () => {
    await second?.close();
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const stageRows = (instanceId: string) =>
    db().selectFrom('instance_stages').select(['stage_key', 'status', 'seq']).where('instance_id', '=', instanceId).orderBy('seq').execute();

  it('a runner killed mid-stage leaves its job to another runner after the lease, and no finished stage runs again', async () => {
    const { webhookId, token } = await e.flowApp(flow);
    const { instanceId } = (await e.hook(webhookId, token, { n: 1 })).json();
    const engine = e.engine({ leaseMs: 60_000 });
    // The start stage completes normally.
    await engine.runner.runDue();
    expect((await stageRows(instanceId)).map((s) => `${s.stage_key}:${s.status}`)).toEqual(['start:success', 'score:running']);
    // A runner claims the score stage and dies before committing.
    const claimed = await claimJobs(db(), { workerId: 'dead-runner', now: e.clock.now(), leaseMs: 60_000, limit: 10 });
    expect(claimed.map((j) => j.payload)).toEqual([{ stageKey: 'score', seq: 2 }]);
    expect(await engine.drain()).toBe(0);
    e.clock.advance(61_000);
    await engine.drain();
    const rows = await stageRows(instanceId);
    expect(rows.map((s) => `${s.stage_key}:${s.status}`)).toEqual(['start:success', 'score:success', 'mail:success', 'end:success']);
    const run = await db().selectFrom('instances').selectAll().where('id', '=', instanceId).executeTakeFirstOrThrow();
    expect(run.status).toBe('DONE');
    expect((run.stage_history as unknown[]).length).toBe(4);
    expect(await db().selectFrom('mail_log').select('id').where('recipient', '=', 'run-1@example.com').execute()).toHaveLength(1);
    const job = await db().selectFrom('jobs').selectAll().where('id', '=', claimed[0]!.id).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
    expect(job.done_at).not.toBeNull();
    e.clock.set(new Date());
  });

  it('a dead runner whose lease expired cannot commit over the runner that took the job over', async () => {
    const { webhookId, token } = await e.flowApp(flow);
    const { instanceId } = (await e.hook(webhookId, token, { n: 2 })).json();
    const slow = e.engine({ workerId: 'slow', leaseMs: 1000 });
    const claimedBySlow = await claimJobs(db(), { workerId: 'slow', now: e.clock.now(), leaseMs: 1000, limit: 1 });
    expect(claimedBySlow).toHaveLength(1);
    e.clock.advance(2000);
    await e.engine({ workerId: 'fast' }).drain();
    expect((await stageRows(instanceId)).every((s) => s.status === 'success')).toBe(true);
    // The slow runner comes back to commit: its lease is gone, so its transaction is refused and rolls back.
    await expect(withWorkspaceWrite(db(), 'ws-demo', (tx) => holdLease(tx, claimedBySlow[0]!, 'slow'))).rejects.toBeInstanceOf(LeaseLostError);
    await slow.runner.runDue();
    expect((await stageRows(instanceId)).length).toBe(4);
    e.clock.set(new Date());
  });

  it('two runners draining the same database never run a stage twice', async () => {
    const { webhookId, token } = await e.flowApp(flow);
    const ids: string[] = [];
    for (let n = 100; n < 140; n += 1) ids.push((await e.hook(webhookId, token, { n })).json().instanceId);
    const mailer = createMailer({ db: db(), smtpUrl: undefined, from: 't@example.com', log: e.t.app.log });
    const engines = [db(), second?.db ?? db()].map((database, i) =>
      createEngine({ db: database, mailer, log: e.t.app.log, settings: TEST_STAGE_SETTINGS, pollMs: 10, now: e.clock.now, workerId: `runner-${i}`, batchSize: 4 }),
    );
    await Promise.all(engines.map((engine) => engine.drain()));
    await Promise.all(engines.map((engine) => engine.drain()));
    const rows = await db().selectFrom('instance_stages').select(['instance_id', 'stage_key', 'status']).where('instance_id', 'in', ids).execute();
    expect(rows).toHaveLength(ids.length * 4);
    expect(rows.every((r) => r.status === 'success')).toBe(true);
    const mails = await db().selectFrom('mail_log').select('recipient').where('recipient', 'like', 'run-1__@example.com').execute();
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(40);
    const lockedBy = await db().selectFrom('jobs').select('locked_by').where('instance_id', 'in', ids).where('attempts', '>', 1).execute();
    expect(lockedBy).toEqual([]);
    const done = await db().selectFrom('instances').select('status').where('id', 'in', ids).execute();
    expect(done.every((d) => d.status === 'DONE')).toBe(true);
    // Both runners really shared the work (on PGlite they take turns on its one session).
    const workers = await db().selectFrom('jobs').select('locked_by').distinct().where('instance_id', 'in', ids).execute();
    expect(workers.map((w) => w.locked_by).sort()).toEqual(['runner-0', 'runner-1']);
  });

  it('1,000 hourly cron ticks under a fake clock fire exactly once each, only on business days, never on the holiday', async () => {
    const runners = second ? 2 : 1;
    const start = new Date('2031-01-06T00:00:00Z'); // a Monday
    await db()
      .insertInto('calendars')
      .values({ id: 'cal-test-utc', workspace_id: 'ws-demo', name: 'UTC weekdays', time_zone: 'UTC', working_weekdays: [1, 2, 3, 4, 5], holidays: ['2031-01-20'], rev: 1, created_at: start, updated_at: start })
      .execute();
    const app = (await e.t.app.inject({ method: 'POST', url: '/apps', headers: e.admin, payload: { name: 'Hourly', description: 'Fires every hour', engine: { id: 'eng-demo-main' } } })).json();
    const created = await e.t.app.inject({ method: 'POST', url: '/events', headers: e.admin, payload: { appId: app.id, name: 'Hourly', rules: '0 * * * *', calendar: { id: 'cal-test-utc' } } });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as string;

    const mailer = createMailer({ db: db(), smtpUrl: undefined, from: 't@example.com', log: e.t.app.log });
    const databases = runners === 2 && second ? [db(), second.db] : [db()];
    let expected = 0;
    for (let i = 0; i < 1000; i += 1) {
      const tick = new Date(start.getTime() + i * HOUR);
      const day = tick.getUTCDay();
      if (day >= 1 && day <= 5 && tick.toISOString().slice(0, 10) !== '2031-01-20') expected += 1;
      // Each runner polls a little after the tick, as real pollers would, at the same time.
      await Promise.all(
        databases.map((database, r) => {
          const engine = createEngine({ db: database, mailer, log: e.t.app.log, settings: TEST_STAGE_SETTINGS, pollMs: 10, now: () => new Date(tick.getTime() + 150 * (r + 1)) });
          return engine.scheduler.tick();
        }),
      );
    }
    const fired = await db().selectFrom('jobs').select('dedupe_key').where('kind', '=', 'cron').where('dedupe_key', 'like', `${eventId}@%`).execute();
    const instances = await db().selectFrom('instances').select('start_date').where('event_id', '=', eventId).execute();
    expect(fired).toHaveLength(expected);
    expect(instances).toHaveLength(expected);
    expect(new Set(fired.map((f) => f.dedupe_key)).size).toBe(expected);
    expect(instances.filter((i) => i.start_date!.toISOString().startsWith('2031-01-20'))).toEqual([]);
    expect(expected).toBeGreaterThan(600);
  }, 240_000);

  it('claims of cron ticks older than a day are dropped; recent ones stay, and no old tick fires again', async () => {
    const start = new Date('2032-03-01T00:00:00Z'); // a Monday; the event fires every day at 09:00 UTC
    await db()
      .insertInto('calendars')
      .values({ id: 'cal-test-daily', workspace_id: 'ws-demo', name: 'UTC every day', time_zone: 'UTC', working_weekdays: [0, 1, 2, 3, 4, 5, 6], holidays: [], rev: 1, created_at: start, updated_at: start })
      .execute();
    const app = (await e.t.app.inject({ method: 'POST', url: '/apps', headers: e.admin, payload: { name: 'Daily', description: 'Fires daily', engine: { id: 'eng-demo-main' } } })).json();
    const created = await e.t.app.inject({ method: 'POST', url: '/events', headers: e.admin, payload: { appId: app.id, name: 'Daily', rules: '0 9 * * *', calendar: { id: 'cal-test-daily' } } });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as string;
    const engineAt = (at: Date) => createEngine({ db: db(), mailer: createMailer({ db: db(), smtpUrl: undefined, from: 't@example.com', log: e.t.app.log }), log: e.t.app.log, settings: TEST_STAGE_SETTINGS, pollMs: 10, now: () => at });
    const claims = async () => (await db().selectFrom('jobs').select('dedupe_key').where('kind', '=', 'cron').where('dedupe_key', 'like', `${eventId}@%`).orderBy('dedupe_key').execute()).map((j) => j.dedupe_key);
    const nineOn = (day: number) => new Date(start.getTime() + day * 24 * HOUR + 9 * HOUR);

    // (Events of the other tests fire on these polls too: only this event's claims are looked at.)
    for (const day of [0, 1, 2]) await engineAt(new Date(nineOn(day).getTime() + 1000)).scheduler.tick();
    expect(await claims()).toHaveLength(3);

    // Day 2 at 10:00: the claims of days 0 (49 h old) and 1 (25 h old) go; day 2's (1 h old) stays.
    const pruneAt = new Date(nineOn(2).getTime() + HOUR);
    const dayTwo = `${eventId}@${nineOn(2).toISOString()}`;
    await engineAt(pruneAt).scheduler.prune();
    expect(await claims()).toEqual([dayTwo]);
    // Polling on: day 2's tick keeps its claim and does not fire twice; the next day's fires once.
    await engineAt(pruneAt).scheduler.tick();
    expect(await claims()).toEqual([dayTwo]);
    await engineAt(new Date(nineOn(3).getTime() + 1000)).scheduler.tick();
    expect(await claims()).toEqual([dayTwo, `${eventId}@${nineOn(3).toISOString()}`]);
    expect(await db().selectFrom('instances').select('id').where('event_id', '=', eventId).execute()).toHaveLength(4);
  });

  it('a cron event of an app switched off through the outbox does not fire; switched on again, the next tick fires', async () => {
    const start = new Date('2033-05-02T00:00:00Z'); // a Monday; every hour on a calendar without holidays
    await db()
      .insertInto('calendars')
      .values({ id: 'cal-test-toggle', workspace_id: 'ws-demo', name: 'UTC toggle', time_zone: 'UTC', working_weekdays: [0, 1, 2, 3, 4, 5, 6], holidays: [], rev: 1, created_at: start, updated_at: start })
      .execute();
    const app = (await e.t.app.inject({ method: 'POST', url: '/apps', headers: e.admin, payload: { name: 'Toggled', description: 'Switched off and on', engine: { id: 'eng-demo-main' } } })).json();
    const created = await e.t.app.inject({ method: 'POST', url: '/events', headers: e.admin, payload: { appId: app.id, name: 'Hourly', rules: '0 * * * *', calendar: { id: 'cal-test-toggle' } } });
    expect(created.statusCode).toBe(201);
    const eventId = created.json().id as string;
    const setActive = async (isActive: boolean) => {
      const reply = await e.t.app.inject({
        method: 'POST',
        url: '/sync/mutations',
        headers: e.admin,
        payload: { clientId: 'client-toggle', mutations: [{ id: `toggle-${isActive}-${Date.now()}`, name: 'app.setActive', args: { id: app.id, isActive }, at: Date.now() }] },
      });
      expect(reply.json().results[0].status).toBe('applied');
    };
    const tickAt = (hour: number) =>
      createEngine({ db: db(), mailer: createMailer({ db: db(), smtpUrl: undefined, from: 't@example.com', log: e.t.app.log }), log: e.t.app.log, settings: TEST_STAGE_SETTINGS, pollMs: 10, now: () => new Date(start.getTime() + hour * HOUR + 1000) }).scheduler.tick();
    const fired = async () => (await db().selectFrom('instances').select('id').where('event_id', '=', eventId).execute()).length;

    await tickAt(0);
    expect(await fired()).toBe(1);
    await setActive(false);
    await tickAt(1);
    await tickAt(2);
    expect(await fired()).toBe(1);
    await setActive(true);
    await tickAt(3);
    expect(await fired()).toBe(2);
  });
});
