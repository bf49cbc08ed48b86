import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachablePostgresUrl } from '../helpers/databases.ts';
import { demoAccount } from '../helpers/testApp.ts';
import { stage } from '../engine/engineHarness.ts';
import { call, createScratchDatabase, followStream, signIn, startServerProcess, type Headers, type ServerProcess } from './serverProcesses.ts';

/**
 * Issue 20 item 4: two real server processes on one PostgreSQL database. Without PostgreSQL there is nothing to
 * share, and the suite does not run (as the other PostgreSQL-only tests).
 */
const url = await reachablePostgresUrl();
/** Long enough that a job released at shutdown is visibly taken over before its lease would have ended. */
const LEASE_MS = 6000;
const LOGIN_LIMIT = 6;

type Arrival = { label: string; at: number };

/** The API the workflow calls: a label's first call never answers (the stage hangs there), later ones answer. */
async function startSlowApi(): Promise<{ base: string; arrivals: Arrival[]; close(): Promise<void> }> {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const label = request.url?.split('/').at(-1) ?? '';
    const seen = arrivals.some((a) => a.label === label);
    arrivals.push({ label, at: Date.now() });
    if (!seen) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ answered: label }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    arrivals,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(url)('two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let files: string;
  let db: pg.Client;
  let api: Awaited<ReturnType<typeof startSlowApi>>;
  let env: Record<string, string>;
  const processes: ServerProcess[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: Headers;

  const start = async () => {
    const started = await startServerProcess(env);
    processes.push(started);
    return started;
  };
  const rows = async <T extends object>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;

  beforeAll(async () => {
    scratch = await createScratchDatabase(url!);
    files = await mkdtemp(join(tmpdir(), 'console-two-processes-'));
    api = await startSlowApi();
    env = {
      DATABASE_URL: scratch.url,
      FILE_STORE: files,
      ENGINE_POLL_MS: '100',
      ENGINE_LEASE_MS: String(LEASE_MS),
      SHUTDOWN_TIMEOUT_MS: '2000',
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      ALLOW_PRIVATE_NETWORK: 'true',
      API_RETRIES: '0',
      API_TIMEOUT_MS: '30000',
    };
    // One after the other: the first migrates and seeds, the second finds both done.
    a = await start();
    b = await start();
    db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    // Demo cron events must not add instances of their own while the test counts.
    await db.query('update events set is_active = false');
    // Signed in through A, used on both: sessions live in the database.
    const signed = await signIn(a.base, demoAccount('ADMIN').username);
    expect(signed.status).toBe(200);
    admin = signed.headers!;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await db?.end();
    await api?.close();
    await scratch?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('a client streaming from A is told of writes made through B', async () => {
    const stream = await followStream(a.base, admin);
    try {
      for (let i = 0; i < 20; i += 1) {
        const told = stream.next();
        await call(b.base, admin, 'PATCH', '/apps/app-demo-claims', { description: `Written through B, ${i}` });
        expect((await told).collections).toContain('config');
      }
    } finally {
      stream.close();
    }
  });

  it("a sign-in limit holds across both processes (the counters are in PostgreSQL)", async () => {
    const { username } = demoAccount('NORMAL');
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_LIMIT; i += 1) statuses.push((await signIn(i % 2 ? b.base : a.base, username, 'not the password')).status);
    // The admin's sign-in in beforeAll counted too: LOGIN_LIMIT − 1 attempts are left to the wrong password.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LOGIN_LIMIT - 1);
    expect(statuses.slice(LOGIN_LIMIT - 1).every((s) => s === 429)).toBe(true);
  });

  it('a cron event fires each tick once across both processes', async () => {
    const app = await call<{ id: string; workflow: { id: string } }>(a.base, admin, 'POST', '/apps', { name: 'Every second', description: 'Cron under two processes', engine: { id: 'eng-demo-main' } });
    await call(a.base, admin, 'PATCH', `/flowmanager/flows/${app.workflow.id}`, { stages: [stage('start', 'start', ['end']), stage('end', 'end')] });
    const event = await call<{ id: string }>(b.base, admin, 'POST', '/events', { appId: app.id, name: 'Each second', rules: '* * * * * *', calendar: { id: 'cal-demo-mx' } });
    // The demo calendar has days off; without one the event fires every day.
    await db.query('update events set calendar_id = null where id = $1', [event.id]);
    await until('five fired ticks', async () => (await rows('select 1 from jobs where kind = $1 and dedupe_key like $2', ['cron', `${event.id}@%`])).length >= 5);
    await call(a.base, admin, 'PATCH', `/events/${event.id}`, { isActive: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ticks = await rows<{ dedupe_key: string }>('select dedupe_key from jobs where kind = $1 and dedupe_key like $2', ['cron', `${event.id}@%`]);
    const started = await rows<{ fired: string; n: number }>(
      `select values->>'firedAt' as fired, count(*)::int as n from instances where event_id = $1 group by 1`,
      [event.id],
    );
    expect(started.map((s) => s.n)).toEqual(ticks.map(() => 1));
    expect(started.map((s) => `${event.id}@${s.fired}`).sort()).toEqual(ticks.map((t) => t.dedupe_key).sort());
  });

  describe('a job claimed by a process that goes away', () => {
    let hook: { id: string; token: string };

    beforeAll(async () => {
      const app = await call<{ id: string; workflow: { id: string } }>(a.base, admin, 'POST', '/apps', { name: 'Calls out', description: 'A slow API stage', engine: { id: 'eng-demo-main' } });
      const stages = [stage('start', 'start', ['call']), stage('call', 'api', ['end'], { request: { method: 'GET', url: `${api.base}/call/{{label}}` } }), stage('end', 'end')];
      await call(a.base, admin, 'PATCH', `/flowmanager/flows/${app.workflow.id}`, { stages });
      const { token } = await call<{ token: string }>(a.base, admin, 'POST', '/webhooks/generateToken', { username: 'admin', password: 'secret passphrase' });
      const { id } = await call<{ id: string }>(a.base, admin, 'POST', '/webhooks/generateUrl', {});
      await call(a.base, admin, 'POST', '/events', { appId: app.id, name: 'On call', calendar: { id: 'cal-demo-mx' }, webhook: { id, name: 'Call hook', token } });
      hook = { id, token };
    });

    /** Starts a run through B's webhook and answers, once its API call hangs, the process holding its job. */
    const runUntilHeld = async (label: string) => {
      await call(b.base, { authorization: `Bearer ${hook.token}` }, 'POST', `/hooks/${hook.id}`, { label });
      await until(`the first call of ${label}`, async () => api.arrivals.some((x) => x.label === label));
      const [job] = await rows<{ instance_id: string; locked_by: string; locked_until: Date }>(
        `select j.instance_id, j.locked_by, j.locked_until from jobs j join instances i on i.id = j.instance_id
         where j.kind = 'stage' and j.done_at is null and i.values->>'label' = $1`,
        [label],
      );
      const holder = [a, b].find((p) => job?.locked_by.includes(`:${p.pid}:`));
      if (!job || !holder) throw new Error(`no process holds the job of ${label}: ${JSON.stringify(job)}`);
      return { job, holder, other: holder === a ? b : a };
    };

    const finished = (instanceId: string) =>
      until(`instance ${instanceId} to end`, async () => (await rows<{ status: string }>('select status from instances where id = $1 and status = $2', [instanceId, 'DONE']))[0]);

    const callStages = (instanceId: string) => rows<{ status: string }>("select status from instance_stages where instance_id = $1 and stage_key = 'call'", [instanceId]);

    const replace = async (gone: ServerProcess) => {
      const fresh = await start();
      if (gone === a) a = fresh;
      else b = fresh;
    };

    it('killed (SIGKILL) mid-job: the other process runs the job again after its lease, and the run ends once', async () => {
      const { job, holder } = await runUntilHeld('killed');
      holder.signal('SIGKILL');
      expect(await holder.exited).toBe('SIGKILL');
      await finished(job.instance_id);
      expect(api.arrivals.filter((x) => x.label === 'killed')).toHaveLength(2);
      expect(await callStages(job.instance_id)).toEqual([{ status: 'success' }]);
      await replace(holder);
    }, 40_000);

    it('stopped (SIGTERM) mid-job: its streams end with a reconnect hint and the job is released at once', async () => {
      const { job, holder } = await runUntilHeld('stopped');
      const stream = await followStream(holder.base, admin);
      holder.signal('SIGTERM');
      expect((await stream.closing).retryMs).toBeGreaterThan(0);
      await stream.ended;
      expect(await holder.exited).toBe(0);
      await finished(job.instance_id);
      const calls = api.arrivals.filter((x) => x.label === 'stopped');
      expect(calls).toHaveLength(2);
      // Taken over before the lease of the stopped process would have let anyone have it.
      expect(calls[1]!.at).toBeLessThan(job.locked_until.getTime());
      expect(await callStages(job.instance_id)).toEqual([{ status: 'success' }]);
      await replace(holder);
    }, 40_000);
  });
});
