import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_FAULT_LIMIT } from '../../../server/sync/mutationFaults.ts';
import type { MutationOutcome } from '../../../src/domain/sync/protocol.ts';
import { demoWorkspaceRev, pushMutations } from '../helpers/mutationClient.ts';
import { testBackends } from '../helpers/databases.ts';
import { unclaimedTicket } from '../helpers/tickets.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

describe.each(backends)('poison mutations on %s', (backend) => {
  let t: TestApp;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    agent = await t.loginAs(demoAccount('NORMAL').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const language = async () =>
    (await t.handle.db.selectFrom('users').select('language').where('id', '=', agent.userId).executeTakeFirstOrThrow()).language;
  const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/sync/mutations', headers: agent.headers, payload: payload as object });
  const setLanguage = (value: string) => ({ id: randomUUID(), name: 'user.setLanguage', args: { language: value } });

  it('a claim with a NUL in its ticket id is rejected alone; the two changes behind it apply', async () => {
    const poison = { id: randomUUID(), name: 'ticket.claim', args: { ticketId: 'case-demo-0001\u0000' } };
    const [es, en] = [setLanguage('es'), setLanguage('en')];
    const outcomes = await pushMutations(t, agent.headers, 'client-poison-1', [poison, es, en]);
    expect(outcomes.map((o) => [o.id, o.status])).toEqual([
      [poison.id, 'rejected'],
      [es.id, 'applied'],
      [en.id, 'applied'],
    ]);
    expect(outcomes[0]).toMatchObject({ code: 'invalid-args', message: 'args.ticketId contains a NUL character, which cannot be stored' });
    expect(await language()).toBe('en');
    // Sent again (the reply was lost, say), every outcome is the same and nothing applies twice.
    const rev = await demoWorkspaceRev(t);
    expect(await pushMutations(t, agent.headers, 'client-poison-1', [poison, es, en])).toEqual(outcomes);
    expect(await demoWorkspaceRev(t)).toBe(rev);
  });

  it.each([
    ['a bare string', 'just text'],
    ['null', null],
    ['a number', 42],
    ['an array', [1, 2, 3]],
    ['a lone surrogate', { ticketId: 'case-\uD800' }],
    ['deep nesting', { ticketId: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown }],
    ['a __proto__ key', JSON.parse('{"ticketId":"x","__proto__":{"admin":true}}') as unknown],
  ])('args that are %s get an outcome, are stored as a refusal and change nothing', async (_what, args) => {
    const id = randomUUID();
    const rev = await demoWorkspaceRev(t);
    const [outcome] = await pushMutations(t, agent.headers, 'client-poison-2', [{ id, name: 'ticket.claim', args }]);
    expect(outcome).toMatchObject({ id, status: 'rejected', code: 'invalid-args' });
    expect(await demoWorkspaceRev(t)).toBe(rev);
    const stored = await t.handle.db.selectFrom('mutation_log').select(['status', 'error_code']).where('mutation_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'rejected', error_code: 'invalid-args' });
  });

  it.each([
    ['an unknown name', { name: 'ticket.teleport', args: {} }, 'unknown-mutation'],
    ['a name with a NUL', { name: 'ticket.cl\u0000aim', args: {} }, 'invalid-mutation'],
    ['a time no date can hold', { name: 'user.setLanguage', args: { language: 'en' }, at: 1e300 }, 'invalid-mutation'],
    ['a time that is text', { name: 'user.setLanguage', args: { language: 'en' }, at: 'yesterday' }, 'invalid-mutation'],
  ])('a mutation with %s is rejected alone and the next one applies', async (_what, fields, code) => {
    const id = randomUUID();
    const next = setLanguage('es');
    const response = await post({ clientId: 'client-poison-3', mutations: [{ id, at: Date.now(), ...fields }, { ...next, at: Date.now() }] });
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: MutationOutcome[] }>();
    expect(results).toEqual([expect.objectContaining({ id, status: 'rejected', code }), { id: next.id, status: 'applied', result: { language: 'es' } }]);
    await pushMutations(t, agent.headers, 'client-poison-3', [setLanguage('en')]);
  });

  it('a mutation id with a NUL still gets an outcome under the id it was sent with', async () => {
    const badId = `m-${randomUUID()}\u0000`;
    const next = setLanguage('en');
    const response = await post({ clientId: 'client-poison-4', mutations: [{ id: badId, name: 'user.setLanguage', args: { language: 'es' }, at: Date.now() }, { ...next, at: Date.now() }] });
    expect(response.json<{ results: MutationOutcome[] }>().results.map((o) => [o.id, o.status])).toEqual([
      [badId, 'rejected'],
      [next.id, 'applied'],
    ]);
    expect(await language()).toBe('en');
  });

  it('a request whose mutations carry no id, or whose client id is not an id, is a 400 that changes nothing', async () => {
    const rev = await demoWorkspaceRev(t);
    for (const payload of [
      { clientId: 'client-poison-5', mutations: [{ name: 'user.setLanguage', args: { language: 'es' }, at: 1 }] },
      { clientId: 'client-poison-5', mutations: [{ id: 7, name: 'user.setLanguage', args: { language: 'es' }, at: 1 }] },
      { clientId: '../../etc/passwd', mutations: [{ ...setLanguage('es'), at: 1 }] },
      { clientId: 'a\r\nX-Injected: 1', mutations: [{ ...setLanguage('es'), at: 1 }] },
    ]) {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/clientId|mutations\.0\.id/);
    }
    expect(await demoWorkspaceRev(t)).toBe(rev);
  });

  it(`a fault of ours is retried ${MUTATION_FAULT_LIMIT} times, then rejected with a clear message, and the queue behind it goes on`, async () => {
    // A real database fault, not a refusal: a trigger that fails every update of one ticket.
    const ticket = { id: await unclaimedTicket(t.handle.db, 'team-demo-claims', 'last') };
    await sql`create function fail_ticket_update() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`.execute(t.handle.db);
    await sql`create trigger fail_ticket_update before update on tickets for each row when (old.id = ${sql.lit(ticket.id)}) execute function fail_ticket_update()`.execute(t.handle.db);
    try {
      const claim = { id: randomUUID(), name: 'ticket.claim', args: { ticketId: ticket.id } };
      const behind = setLanguage('es');
      for (let attempt = 1; attempt < MUTATION_FAULT_LIMIT; attempt += 1) {
        expect(await pushMutations(t, agent.headers, 'client-poison-6', [claim, behind])).toEqual([]);
      }
      const outcomes = await pushMutations(t, agent.headers, 'client-poison-6', [claim, behind]);
      expect(outcomes[0]).toMatchObject({ id: claim.id, status: 'rejected', code: 'server-fault' });
      expect((outcomes[0] as { message: string }).message).toContain('was not saved');
      expect(outcomes[1]).toMatchObject({ id: behind.id, status: 'applied' });
      expect(await language()).toBe('es');
    } finally {
      await sql`drop trigger fail_ticket_update on tickets`.execute(t.handle.db);
      await sql`drop function fail_ticket_update()`.execute(t.handle.db);
      await pushMutations(t, agent.headers, 'client-poison-6', [setLanguage('en')]);
    }
  });
});
