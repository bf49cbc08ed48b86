import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildAggregates } from '../../../server/db/migrations/011_dashboard_aggregates.ts';
import { rowToDoc } from '../../../server/sync/projection.ts';
import {
  contributionsOfCase,
  contributionsOfTicket,
  figuresOfContributions,
  figuresOfDocs,
  type AggregateFigures,
  type DashboardAggregateDoc,
} from '../../../src/domain/dashboard/aggregateShapes.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();
/** `AGGREGATE_RUNS=200 npx vitest run tests/server/dashboard` for a longer search; the default stays quick. */
const RUNS = Number(process.env.AGGREGATE_RUNS ?? 6);
const SEED = Number(process.env.AGGREGATE_SEED ?? 20261123);
const MINUTE = 60_000;

type World = { types: Array<{ id: string; states: string[] }>; teams: string[]; members: string[]; cases: string[]; tickets: string[] };

/** One write, by index into what exists when it runs (so a sequence stays meaningful as it grows). */
const op = fc.oneof(
  fc.record({ k: fc.constant('caseCreate' as const), type: fc.nat() }),
  fc.record({ k: fc.constant('caseUpdate' as const), c: fc.nat(), status: fc.constantFrom('CREATED', 'PROGRESS', 'COMPLETED', undefined), state: fc.option(fc.nat(), { nil: undefined }) }),
  fc.record({
    k: fc.constant('ticketCreate' as const),
    team: fc.nat(),
    member: fc.option(fc.nat(), { nil: null }),
    createdAgoMin: fc.integer({ min: 0, max: 60 * 24 * 40 }),
    slaMin: fc.integer({ min: 1, max: 60 * 24 * 5 }),
    c: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({ k: fc.constantFrom('ticket.claim' as const, 'ticket.release' as const, 'ticket.cancel' as const, 'ticket.resolve' as const), t: fc.nat() }),
  fc.record({ k: fc.constant('ticket.reassign' as const), t: fc.nat(), team: fc.nat() }),
  fc.record({ k: fc.constant('ticketUpdate' as const), t: fc.nat(), team: fc.nat(), member: fc.option(fc.nat(), { nil: null }), dueInMin: fc.integer({ min: 1, max: 60 * 24 * 3 }) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

function mutationOf(o: Op, w: World, now: number): SentMutation | null {
  const id = randomUUID();
  switch (o.k) {
    case 'caseCreate': {
      const caseId = `case-prop-${randomUUID()}`;
      w.cases.push(caseId);
      return { id, name: 'case.create', args: { caseId, caseTypeId: pick(w.types, o.type)!.id, description: 'Property case' } };
    }
    case 'caseUpdate': {
      const caseId = pick(w.cases, o.c);
      if (!caseId) return null;
      const args: Record<string, unknown> = { caseId, description: `Edited ${o.c}` };
      if (o.status) args.status = o.status;
      if (o.state !== undefined) args.stateId = pick(w.types.flatMap((t) => t.states), o.state) ?? null;
      return { id, name: 'case.update', args };
    }
    case 'ticketCreate': {
      const ticketId = `tk-prop-${randomUUID()}`;
      w.tickets.push(ticketId);
      const createdAt = Math.floor(now / MINUTE) * MINUTE - o.createdAgoMin * MINUTE + 17_000;
      const member = o.member === null ? null : pick(w.members, o.member)!;
      return {
        id,
        name: 'ticket.create',
        args: { ticketId, status: member ? 'assigned' : 'unassigned', description: 'Property ticket', teamId: pick(w.teams, o.team)!, assigneeMemberId: member, createdAt, dueAt: createdAt + o.slaMin * MINUTE, caseId: o.c === null ? null : (pick(w.cases, o.c) ?? null) },
      };
    }
    case 'ticket.reassign': {
      const ticketId = pick(w.tickets, o.t);
      return ticketId ? { id, name: o.k, args: { ticketId, teamId: pick(w.teams, o.team)! } } : null;
    }
    case 'ticketUpdate': {
      const ticketId = pick(w.tickets, o.t);
      if (!ticketId) return null;
      const member = o.member === null ? null : pick(w.members, o.member)!;
      return { id, name: 'ticket.update', args: { ticketId, status: member ? 'assigned' : 'unassigned', description: 'Updated', teamId: pick(w.teams, o.team)!, assigneeMemberId: member, dueAt: now + o.dueInMin * MINUTE } };
    }
    default: {
      const ticketId = pick(w.tickets, o.t);
      return ticketId ? { id, name: o.k, args: o.k === 'ticket.resolve' ? { ticketId, data: {} } : { ticketId } } : null;
    }
  }
}

describe.each(backends)('dashboard aggregates on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  const world: World = { types: [], teams: [], members: [], cases: [], tickets: [] };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    const db = t.handle.db;
    const types = await db.selectFrom('case_types').select('id').where('workspace_id', '=', 'ws-demo').where('deleted', '=', false).orderBy('id').execute();
    const states = await db.selectFrom('case_states').select(['id', 'case_type_id']).where('workspace_id', '=', 'ws-demo').where('deleted', '=', false).orderBy('id').execute();
    world.types = types.map((type) => ({ id: type.id, states: states.filter((s) => s.case_type_id === type.id).map((s) => s.id) }));
    world.teams = (await db.selectFrom('teams').select('id').where('workspace_id', '=', 'ws-demo').where('deleted', '=', false).orderBy('id').execute()).map((r) => r.id);
    world.members = (await db.selectFrom('members').select('id').where('workspace_id', '=', 'ws-demo').where('deleted', '=', false).orderBy('id').execute()).map((r) => r.id);
    world.cases = (await db.selectFrom('cases').select('id').where('workspace_id', '=', 'ws-demo').orderBy('id').limit(40).execute()).map((r) => r.id);
    world.tickets = (await db.selectFrom('tickets').select('id').where('workspace_id', '=', 'ws-demo').orderBy('id').limit(40).execute()).map((r) => r.id);
  });
  afterAll(() => t.close());

  /** What the raw rows say the aggregates must be. */
  async function recomputed(): Promise<AggregateFigures> {
    const db = t.handle.db;
    const cases = await db.selectFrom('cases').selectAll().where('workspace_id', '=', 'ws-demo').execute();
    const tickets = await db.selectFrom('tickets').selectAll().where('workspace_id', '=', 'ws-demo').execute();
    return figuresOfContributions([
      ...cases.flatMap((c) =>
        contributionsOfCase({ caseTypeId: c.case_type_id, stateId: c.state_id, status: c.status, deleted: c.deleted, createdAt: c.created_at.getTime(), updatedAt: c.updated_at.getTime(), closing: c.closing?.getTime() ?? null }),
      ),
      ...tickets.flatMap((r) =>
        contributionsOfTicket({ teamId: r.team_id, assigneeMemberId: r.assignee_member_id, status: r.status, state: r.state, deleted: r.deleted, createdAt: r.created_at.getTime(), dueAt: r.due_at.getTime() }),
      ),
    ]);
  }

  /** What the triggers keep, read as the replica receives it. */
  async function stored(): Promise<AggregateFigures> {
    const docs: DashboardAggregateDoc[] = [];
    for (const [table, kind] of [['case_flow_aggregates', 'caseFlow'], ['case_state_aggregates', 'caseStateCount'], ['ticket_light_aggregates', 'ticketLight']] as const) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where workspace_id = 'ws-demo'`.execute(t.handle.db);
      docs.push(...rows.map((row) => rowToDoc(kind, row) as DashboardAggregateDoc));
    }
    return figuresOfDocs(docs);
  }

  it('the seeded workspace: the migration and the seed leave aggregates equal to a recomputation from its rows', async () => {
    const expected = await recomputed();
    expect(Object.keys(expected).length).toBeGreaterThan(0);
    expect(await stored()).toEqual(expected);
  });

  it('random sequences of case and ticket writes through the services keep the aggregates equal to the raw rows', async () => {
    const applied = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 18 }), async (ops) => {
        const now = Date.now();
        const mutations = ops.map((o) => mutationOf(o, world, now)).filter((m): m is SentMutation => m !== null);
        const results = await pushMutations(t, admin.headers, `prop-${randomUUID()}`, mutations);
        results.forEach((r, i) => r.status === 'applied' && applied.set(mutations[i]!.name, (applied.get(mutations[i]!.name) ?? 0) + 1));
        expect(await stored()).toEqual(await recomputed());
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The sequences must really move the figures: each kind of write is applied at least once.
    for (const name of ['case.create', 'case.update', 'ticket.create', 'ticket.update', 'ticket.reassign', 'ticket.resolve', 'ticket.cancel']) {
      expect(applied.get(name) ?? 0, JSON.stringify([...applied])).toBeGreaterThan(0);
    }
  });

  it('rebuilding from the rows (the migration backfill) gives the same aggregates, under a newer revision', async () => {
    const before = await stored();
    const rev = Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).rev);
    await rebuildAggregates(t.handle.db);
    expect(await stored()).toEqual(before);
    const oldest = await t.handle.db.selectFrom('case_flow_aggregates').select((eb) => eb.fn.min('rev').as('rev')).where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    expect(Number(oldest.rev)).toBeGreaterThan(rev);
  });
});
