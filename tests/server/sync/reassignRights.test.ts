import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgents, type TestAgent } from '../helpers/agents.ts';
import { demoWorkspaceRev, pushMutations } from '../helpers/mutationClient.ts';
import { testBackends } from '../helpers/databases.ts';
import { unclaimedTicket } from '../helpers/tickets.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/**
 * Part 2 §2: reassigning picks a new team and resets the assignee to 'Waiting for operator', so it takes the
 * ticket's claim away exactly as releasing does, and needs the same right: the claimant, or ADMIN / OPS-ADMIN.
 */
describe.each(backends)('who may move a claimed ticket, on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let claimant: TestAgent;
  let colleague: TestAgent;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    const agents = await createAgents(t.handle, 2, 'team-demo-claims', 'reassign');
    claimant = agents[0]!;
    colleague = agents[1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const ticketRow = (id: string) =>
    t.handle.db.selectFrom('tickets').select(['team_id', 'status', 'assignee_user_id']).where('id', '=', id).executeTakeFirstOrThrow();
  /** A fresh unclaimed ticket of Claims Desk, claimed by the claimant. */
  const claimedTicket = async () => {
    const ticketId = await unclaimedTicket(t.handle.db);
    const [claimed] = await pushMutations(t, claimant.headers, 'client-claimant', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId } }]);
    expect(claimed?.status).toBe('applied');
    return ticketId;
  };
  const patch = (headers: { authorization: string }, id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/tickets/${id}`, headers, payload });

  it("PATCH /tickets/{id} with the team the ticket is already in does not drop someone else's claim", async () => {
    const id = await claimedTicket();
    const ticketRev = async () => (await t.handle.db.selectFrom('tickets').select('rev').where('id', '=', id).executeTakeFirstOrThrow()).rev;
    const before = await ticketRev();
    const answer = await patch(colleague.headers, id, { operators_group: 'team-demo-claims' });
    expect(answer.statusCode).toBe(200);
    expect(await ticketRow(id)).toEqual({ team_id: 'team-demo-claims', status: 'assigned', assignee_user_id: claimant.userId });
    expect(await ticketRev()).toBe(before);
  });

  it("an agent cannot move someone else's claimed ticket to another team, over REST or as a mutation", async () => {
    const id = await claimedTicket();
    const rev = await demoWorkspaceRev(t);
    const answer = await patch(colleague.headers, id, { operators_group: 'team-demo-field' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'not-claimant', message: `Only ${claimant.name} can move this ticket` });
    const [outcome] = await pushMutations(t, colleague.headers, 'client-colleague', [
      { id: randomUUID(), name: 'ticket.reassign', args: { ticketId: id, teamId: 'team-demo-field' } },
    ]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'not-claimant' });
    expect(await ticketRow(id)).toEqual({ team_id: 'team-demo-claims', status: 'assigned', assignee_user_id: claimant.userId });
    expect(await demoWorkspaceRev(t)).toBe(rev);
  });

  it('the claimant may move their own ticket; it then waits for an operator of the new team', async () => {
    const id = await claimedTicket();
    expect((await patch(claimant.headers, id, { operators_group: 'team-demo-field' })).statusCode).toBe(200);
    expect(await ticketRow(id)).toEqual({ team_id: 'team-demo-field', status: 'unassigned', assignee_user_id: null });
  });

  it("an administrator may move anyone's claimed ticket", async () => {
    const id = await claimedTicket();
    const [outcome] = await pushMutations(t, admin.headers, 'client-admin-1', [{ id: randomUUID(), name: 'ticket.reassign', args: { ticketId: id, teamId: 'team-demo-field' } }]);
    expect(outcome?.status).toBe('applied');
    expect(await ticketRow(id)).toEqual({ team_id: 'team-demo-field', status: 'unassigned', assignee_user_id: null });
  });

  it('an unclaimed ticket may be moved by any agent of its team', async () => {
    const ticketId = await unclaimedTicket(t.handle.db, 'team-demo-claims', 'last');
    expect((await patch(colleague.headers, ticketId, { operators_group: 'team-demo-field' })).statusCode).toBe(200);
    expect(await ticketRow(ticketId)).toMatchObject({ team_id: 'team-demo-field', status: 'unassigned' });
  });

  it("releasing someone else's claim is refused the same way", async () => {
    const id = await claimedTicket();
    const answer = await t.app.inject({ method: 'POST', url: '/humaninterface/hicase/unlock', headers: colleague.headers, payload: { case_id: id } });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ code: 'not-claimant', message: `Only ${claimant.name} can release this ticket` });
    expect((await ticketRow(id)).assignee_user_id).toBe(claimant.userId);
  });
});
