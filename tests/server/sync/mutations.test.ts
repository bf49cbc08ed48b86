import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVED_MUTATIONS } from '../../../server/sync/mutationHandlers.ts';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import { createAgents } from '../helpers/agents.ts';
import { pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

it('every mutation of the domain registry has a server service, and no service lacks a definition', () => {
  expect([...SERVED_MUTATIONS].sort()).toEqual([...MUTATIONS.keys()].sort());
});

describe.each(backends)('sync mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (headers: { authorization: string }, clientId: string, mutations: SentMutation[]) => pushMutations(t, headers, clientId, mutations);
  const freeTicket = async (team = 'team-demo-claims') => {
    const ticket = await t.handle.db
      .selectFrom('tickets')
      .select(['id', 'rev'])
      .where('team_id', '=', team)
      .where('status', '=', 'unassigned')
      .where('state', '=', 'open')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return ticket;
  };
  const ticketRow = (id: string) => t.handle.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a claim is applied once, with a new revision, and a repeat of the same mutation id answers the stored result', async () => {
    const ticket = await freeTicket();
    const mutation = { id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } };
    const first = await send(agent.headers, 'client-a', [mutation]);
    expect(first).toEqual([{ id: mutation.id, status: 'applied', result: { status: 'assigned' } }]);
    const row = await ticketRow(ticket.id);
    expect(row).toMatchObject({ status: 'assigned', assignee_user_id: agent.userId, assignee_member_id: 'mbr-demo-nico' });
    expect(row.rev).toBeGreaterThan(ticket.rev);

    const again = await send(agent.headers, 'client-a', [mutation]);
    expect(again).toEqual(first);
    expect((await ticketRow(ticket.id)).rev).toBe(row.rev);
  });

  it("a claim of someone else's ticket is rejected naming the claimant, and the refusal is stored too", async () => {
    const ticket = await freeTicket();
    await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } }]);
    const mutation = { id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } };
    const [outcome] = await send(agent.headers, 'client-a', [mutation]);
    expect(outcome).toEqual({ id: mutation.id, status: 'rejected', code: 'already-claimed', message: 'Ticket already claimed by Ada Admin' });
    await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'ticket.release', args: { ticketId: ticket.id } }]);
    // The ticket is free now, but the same mutation id still answers its first outcome.
    expect(await send(agent.headers, 'client-a', [mutation])).toEqual([outcome]);
  });

  it('resolving needs the caller\'s claim; after a claim it resolves with exit approved', async () => {
    const ticket = await freeTicket();
    const [refused] = await send(agent.headers, 'client-a', [{ id: randomUUID(), name: 'ticket.resolve', args: { ticketId: ticket.id, data: {} } }]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'not-assigned', message: 'Assign/claim the ticket before solving it.' });
    const results = await send(agent.headers, 'client-a', [
      { id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } },
      { id: randomUUID(), name: 'ticket.saveData', args: { ticketId: ticket.id, data: { amount: 12 } } },
      { id: randomUUID(), name: 'ticket.resolve', args: { ticketId: ticket.id, data: { decision: 'approve' } } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    const row = await ticketRow(ticket.id);
    expect(row).toMatchObject({ state: 'resolved', exit: 'approved', resolved_by_user_id: agent.userId });
    expect(row.data).toMatchObject({ amount: 12, decision: 'approve' });
  });

  it('only administrators cancel; a cancel ends the ticket with exit canceled', async () => {
    const ticket = await freeTicket();
    const [refused] = await send(agent.headers, 'client-a', [{ id: randomUUID(), name: 'ticket.cancel', args: { ticketId: ticket.id } }]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'forbidden' });
    const [ok] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'ticket.cancel', args: { ticketId: ticket.id } }]);
    expect(ok!.status).toBe('applied');
    expect(await ticketRow(ticket.id)).toMatchObject({ state: 'canceled', exit: 'canceled' });
  });

  it('reassigning to another team resets the assignee', async () => {
    const ticket = await freeTicket();
    await send(agent.headers, 'client-a', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } }]);
    const [ok] = await send(agent.headers, 'client-a', [{ id: randomUUID(), name: 'ticket.reassign', args: { ticketId: ticket.id, teamId: 'team-demo-field' } }]);
    expect(ok!.status).toBe('applied');
    expect(await ticketRow(ticket.id)).toMatchObject({ team_id: 'team-demo-field', status: 'unassigned', assignee_user_id: null });
  });

  it("an agent cannot touch another team's ticket: it is not found", async () => {
    const hidden = await freeTicket('team-demo-back-office');
    const [outcome] = await send(agent.headers, 'client-a', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: hidden.id } }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'not-found', message: 'Case not found, please refresh' });
    expect((await ticketRow(hidden.id)).status).toBe('unassigned');
  });

  it('a note is stored in the three-slash encoding with the agent prefix', async () => {
    const ticket = await t.handle.db.selectFrom('tickets').select(['id', 'case_id']).where('team_id', '=', 'team-demo-claims').where('case_id', 'is not', null).executeTakeFirstOrThrow();
    const noteId = randomUUID();
    const [ok] = await send(agent.headers, 'client-a', [
      { id: randomUUID(), name: 'ticket.addNote', args: { ticketId: ticket.id, noteId, title: 'Call', description: 'Customer called back', details: 'Nico Agent 01-02-2026' } },
    ]);
    expect(ok!.status).toBe('applied');
    const note = await t.handle.db.selectFrom('case_notes').selectAll().where('id', '=', noteId).executeTakeFirstOrThrow();
    expect(note.note_text).toBe('Call///Nico Agent 01-02-2026///Customer called back///NA');
    expect(note.case_id).toBe(ticket.case_id);
  });

  it.each([
    ['an unknown mutation', { name: 'ticket.explode', args: {} }, 'unknown-mutation'],
    ['arguments of the wrong shape', { name: 'ticket.claim', args: { ticketId: 42 } }, 'invalid-args'],
    ['a note without a title', { name: 'ticket.addNote', args: { ticketId: 'x', noteId: 'n', title: ' ', description: 'd' } }, 'invalid-args'],
  ])('%s is rejected with a clear message and writes nothing', async (_label, mutation, code) => {
    const before = await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    const [outcome] = await send(agent.headers, 'client-a', [{ id: randomUUID(), ...mutation }]);
    expect(outcome).toMatchObject({ status: 'rejected', code });
    expect((outcome as { message: string }).message.length).toBeGreaterThan(5);
    const after = await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    expect(after.rev).toBe(before.rev);
  });

  it('a malformed batch is a 400', async () => {
    for (const payload of [{}, { clientId: 'c', mutations: [] }, { clientId: 'c', mutations: [{ id: 'x' }] }]) {
      const response = await t.app.inject({ method: 'POST', url: '/sync/mutations', headers: agent.headers, payload });
      expect(response.statusCode).toBe(400);
    }
  });

  it('20 clients claim the same ticket at once: exactly one applies, 19 are rejected naming the claimant', async () => {
    const agents = await createAgents(t.handle, 20, 'team-demo-claims', 'racer');
    const ticket = await freeTicket();
    const results = await Promise.all(
      agents.map((a, i) => send(a.headers, `race-client-${i}`, [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } }])),
    );
    const outcomes = results.flat();
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    const row = await ticketRow(ticket.id);
    const winner = agents.find((a) => a.userId === row.assignee_user_id);
    expect(winner).toBeDefined();
    const rejected = outcomes.filter((o) => o.status === 'rejected');
    expect(rejected).toHaveLength(19);
    for (const r of rejected) expect(r).toMatchObject({ code: 'already-claimed', message: `Ticket already claimed by ${winner!.name}` });
  });
});
