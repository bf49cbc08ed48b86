import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { REPLICATED_DOMAIN_TABLES } from '../../server/db/domainTables.ts';
import { up as migrateCore } from '../../server/db/migrations/001_core.ts';
import { up as migrateDomain } from '../../server/db/migrations/002_domain.ts';
import type { Database } from '../../server/db/schema.ts';
import { ALL_MODULES } from '../../server/db/seed/demoDefinitions.ts';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE, seedDemoWorkspace, type DemoSeedResult } from '../../server/db/seed/demoSeed.ts';
import { clientHash } from '../../src/domain/auth/clientHash.ts';
import { openTestDatabase, testBackends } from './helpers/databases.ts';

const backends = await testBackends();
const WS = DEMO_WORKSPACE.id;
const NODE_TYPES = ['start', 'human-interface', 'email', 'api', 'script', 'timer', 'end'];
/** Tables that carry workspace_id, rev and deleted: the replicated ones. */
const REPLICATED_TABLES = ['users', 'cors_origins', ...REPLICATED_DOMAIN_TABLES].sort();

async function migrate(db: Kysely<Database>): Promise<void> {
  const raw = db as unknown as Kysely<unknown>;
  await migrateCore(raw);
  await migrateDomain(raw);
}

/** Light indicator of a ticket: elapsed share of its SLA against the team's thresholds (percent). */
function lightOf(createdAt: Date, dueAt: Date, now: number, yellow: number, red: number): 'green' | 'yellow' | 'red' {
  const share = ((now - createdAt.getTime()) / (dueAt.getTime() - createdAt.getTime())) * 100;
  return share >= red ? 'red' : share >= yellow ? 'yellow' : 'green';
}

async function rowCount(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0]?.n ?? -1;
}

async function revisionCounter(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', WS).executeTakeFirstOrThrow();
  return row.rev;
}

describe.each(backends)('domain schema and demo seed on %s', (backend) => {
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let result: DemoSeedResult;

  beforeAll(async () => {
    handle = await openTestDatabase(backend);
    db = handle.db;
    await migrate(db);
    const started = performance.now();
    result = await seedDemoWorkspace(db);
    console.info(`demo seed on ${backend}: ${Math.round(performance.now() - started)} ms`);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('reports exactly the rows it wrote', async () => {
    if (!result.seeded) throw new Error('the seed did not run on an empty database');
    expect(result.workspaceId).toBe(WS);
    for (const [table, count] of Object.entries(result.counts)) {
      expect({ table, count: await rowCount(db, table) }).toEqual({ table, count });
    }
  });

  it('has two active users plus an inactive and an expired one whose demo passwords verify', async () => {
    const users = await db.selectFrom('users').select(['username', 'role', 'status', 'password_hash', 'enabled_modules']).execute();
    expect(users.map((u) => [u.username, u.role, u.status]).sort()).toEqual([
      ['admin@demo.local', 'ADMIN', 0],
      ['agent@demo.local', 'NORMAL', 0],
      ['expired@demo.local', 'NORMAL', 2],
      ['inactive@demo.local', 'NORMAL', 1],
    ]);
    const admin = users.find((u) => u.role === 'ADMIN');
    expect(admin?.enabled_modules).toEqual(ALL_MODULES.map((id) => ({ id })));
    const agent = users.find((u) => u.username === 'agent@demo.local');
    expect(agent?.enabled_modules).toEqual([{ id: 'DASHBOARD' }, { id: 'HUMAN INTERFACE' }, { id: 'BATCHES' }, { id: 'WA' }]);
    for (const account of DEMO_ACCOUNTS) {
      const stored = users.find((u) => u.username === account.username);
      expect(stored, account.username).toBeDefined();
      expect(await verifyPassword(stored?.password_hash ?? '', await clientHash(account.username, account.password))).toBe(true);
    }
  });

  it('has three teams with members, one with custom thresholds 40/70', async () => {
    const teams = await db.selectFrom('teams').select(['id', 'name', 'light_yellow', 'light_red']).orderBy('name').execute();
    expect(teams).toHaveLength(3);
    expect(teams.some((t) => t.light_yellow === 40 && t.light_red === 70)).toBe(true);
    expect(teams.filter((t) => t.light_yellow === 50 && t.light_red === 75)).toHaveLength(2);
    expect(teams.some((t) => t.name.startsWith('MyBasket'))).toBe(false);
    const links = await db.selectFrom('team_members').select(['team_id']).execute();
    for (const team of teams) expect(links.filter((l) => l.team_id === team.id).length).toBeGreaterThanOrEqual(2);
  });

  it('has 200 cases of both types and every status over the last 90 days, each with history and logs', async () => {
    const cases = await db.selectFrom('cases').select(['id', 'case_type_id', 'status', 'state_id', 'created_at', 'closing']).execute();
    expect(cases).toHaveLength(200);
    expect(new Set(cases.map((c) => c.case_type_id))).toEqual(new Set(['ct-demo-claim', 'ct-demo-onboarding']));
    expect(new Set(cases.map((c) => c.status))).toEqual(new Set(['CREATED', 'PROGRESS', 'COMPLETED']));
    const oldest = Date.now() - 91 * 24 * 3600 * 1000;
    expect(cases.every((c) => c.created_at.getTime() > oldest && c.created_at.getTime() <= Date.now())).toBe(true);
    expect(cases.every((c) => (c.status === 'COMPLETED') === (c.closing !== null))).toBe(true);
    const withHistory = await db.selectFrom('case_history').select('case_id').distinct().execute();
    const withLogs = await db.selectFrom('case_logs').select('case_id').distinct().execute();
    expect(withHistory).toHaveLength(200);
    expect(withLogs).toHaveLength(200);
    const states = await db.selectFrom('case_states').select(['order', 'hide']).execute();
    expect(states.some((s) => s.hide)).toBe(true);
    expect(states.some((s) => s.order === -1)).toBe(true);
  });

  it('has 40 open tickets over all three teams and all three light indicators, each on a RUNNING instance', async () => {
    const now = Date.now();
    const tickets = await db
      .selectFrom('tickets')
      .innerJoin('teams', 'teams.id', 'tickets.team_id')
      .innerJoin('instances', 'instances.id', 'tickets.instance_id')
      .innerJoin('cases', 'cases.id', 'tickets.case_id')
      .select([
        'tickets.team_id',
        'tickets.status',
        'tickets.state',
        'tickets.assignee_member_id',
        'tickets.created_at',
        'tickets.due_at',
        'tickets.template',
        'teams.light_yellow',
        'teams.light_red',
        'instances.status as instance_status',
        'instances.current_stage',
        'tickets.stage_key',
      ])
      .execute();
    expect(tickets).toHaveLength(40);
    expect(new Set(tickets.map((t) => t.team_id)).size).toBe(3);
    expect(tickets.every((t) => t.state === 'open' && t.instance_status === 'RUNNING' && t.current_stage === t.stage_key)).toBe(true);
    expect(tickets.every((t) => t.template.includes('<form'))).toBe(true);
    const lights = tickets.map((t) => lightOf(t.created_at, t.due_at, now, t.light_yellow, t.light_red));
    const tally = { green: 0, yellow: 0, red: 0 };
    for (const light of lights) tally[light] += 1;
    expect(tally.green).toBeGreaterThanOrEqual(10);
    expect(tally.yellow).toBeGreaterThanOrEqual(10);
    expect(tally.red).toBeGreaterThanOrEqual(10);
    const assigned = tickets.filter((t) => t.status === 'assigned');
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.length).toBeLessThan(40);
    expect(assigned.every((t) => t.assignee_member_id !== null)).toBe(true);
  });

  it('has node templates of all seven types, with an HTML form only on human-interface ones', async () => {
    const templates = await db.selectFrom('node_templates').select(['node_type', 'template', 'config']).execute();
    expect(new Set(templates.map((t) => t.node_type))).toEqual(new Set(NODE_TYPES));
    for (const t of templates) {
      if (t.node_type === 'human-interface') {
        expect(t.template).toMatch(/<input/);
        expect(t.template).toMatch(/>Submit</);
        expect(t.template).toMatch(/>Save</);
      } else {
        expect(t.template).toBe('EMPTY');
      }
    }
    const script = templates.find((t) => t.node_type === 'script');
    expect(script?.config).toMatchObject({ script: expect.stringContaining('return') });
  });

  it('gives each app an AppFlow_ flow whose stages use existing templates and lead to existing stages', async () => {
    const apps = await db.selectFrom('apps').innerJoin('flows', 'flows.id', 'apps.flow_id').select(['apps.name', 'flows.name as flow_name', 'flows.stages']).execute();
    expect(apps).toHaveLength(3);
    const templateIds = new Set((await db.selectFrom('node_templates').select('id').execute()).map((t) => t.id));
    for (const app of apps) {
      expect(app.flow_name).toBe(`AppFlow_${app.name}`);
      const stages = app.stages as { key: string; templateId: string; transitions: { to: string }[] }[];
      const keys = new Set(stages.map((s) => s.key));
      for (const stage of stages) {
        expect(templateIds.has(stage.templateId)).toBe(true);
        for (const transition of stage.transitions) expect(keys.has(transition.to)).toBe(true);
      }
    }
    const events = await db.selectFrom('events').select(['cron_rule', 'webhook_id', 'calendar_id']).execute();
    expect(events.some((e) => e.cron_rule === '0 9 * * 1-5' && e.calendar_id !== null)).toBe(true);
    expect(events.some((e) => e.webhook_id !== null)).toBe(true);
    const calendar = await db.selectFrom('calendars').select(['time_zone', 'working_weekdays', 'holidays']).executeTakeFirstOrThrow();
    expect(calendar).toMatchObject({ time_zone: 'America/Mexico_City', working_weekdays: [1, 2, 3, 4, 5] });
  });

  it('lists every replicated table, and every replicated row carries a revision within the workspace counter', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name in ('workspace_id', 'rev', 'deleted')
      group by table_name having count(*) = 3 order by table_name`.execute(db);
    expect(rows.map((r) => r.table_name)).toEqual(REPLICATED_TABLES);

    const counter = await revisionCounter(db);
    for (const table of REPLICATED_TABLES) {
      const { rows: [bounds] } = await sql<{ low: number | null; high: number | null; foreign: number }>`
        select min(rev)::int as low, max(rev)::int as high, count(*) filter (where workspace_id <> ${WS})::int as foreign
        from ${sql.table(table)}`.execute(db);
      expect({ table, foreign: bounds?.foreign }).toEqual({ table, foreign: 0 });
      if (bounds?.low == null || bounds.high == null) continue;
      expect(bounds.low, table).toBeGreaterThanOrEqual(1);
      expect(bounds.high, table).toBeLessThanOrEqual(counter);
    }
  });

  it('changes nothing when it runs again', async () => {
    const before = await revisionCounter(db);
    const counts = await Promise.all(REPLICATED_TABLES.map((t) => rowCount(db, t)));
    await expect(seedDemoWorkspace(db)).resolves.toEqual({ seeded: false });
    expect(await revisionCounter(db)).toBe(before);
    expect(await Promise.all(REPLICATED_TABLES.map((t) => rowCount(db, t)))).toEqual(counts);
  });
});

describe('demo seed reproducibility', () => {
  it('lays out the same cases and tickets on every run for the same moment', async () => {
    const now = new Date('2026-03-02T15:00:00Z');
    const fingerprints: string[] = [];
    for (let run = 0; run < 2; run++) {
      const handle = await openTestDatabase('pglite');
      try {
        await migrate(handle.db);
        await seedDemoWorkspace(handle.db, { now });
        const cases = await handle.db.selectFrom('cases').select(['id', 'status', 'state_id', 'created_at', 'data']).orderBy('id').execute();
        const tickets = await handle.db.selectFrom('tickets').select(['id', 'case_id', 'team_id', 'status', 'created_at', 'due_at']).orderBy('id').execute();
        fingerprints.push(JSON.stringify({ cases, tickets }));
      } finally {
        await handle.close();
      }
    }
    expect(fingerprints[0]).toBe(fingerprints[1]);
    // Two whole migrations and demo seeds on PGlite: about 25 s on a busy two-core machine, over the 30 s default once.
  }, 120_000);
});
