import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen, openClient, replicaDoc, switchableTransport, waitFor } from './helpers/syncHarness.ts';

describe('client and real server in one process (PGlite, fake-indexeddb)', () => {
  let t: TestApp;
  let baseUrl: string;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  const token = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    admin = await t.loginAs(demoAccount('ADMIN').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const freeTicket = () =>
    t.handle.db.selectFrom('tickets').select('id').where('team_id', '=', 'team-demo-claims').where('status', '=', 'unassigned').where('state', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
  const appliedCount = async (mutationId: string) =>
    (await t.handle.db.selectFrom('mutation_log').select('status').where('mutation_id', '=', mutationId).execute()).filter((r) => r.status === 'applied').length;

  it('the first sync fills the replica with what the agent may see', async () => {
    const client = await openClient({ baseUrl, token: token(agent.headers), userId: agent.userId });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const tickets = await client.db.tickets.find().exec();
      expect(tickets.length).toBeGreaterThan(0);
      expect(tickets.every((d) => ['team-demo-claims', 'team-demo-field'].includes(d.get('teamId') as string))).toBe(true);
      expect(await replicaDoc(client, 'config', agent.userId)).toMatchObject({ kind: 'user', name: 'Nico Agent' });
    } finally {
      await client.close();
    }
  });

  it('a claim made offline shows at once and is applied once after reconnect', async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: token(agent.headers) }));
    const client = await openClient({ token: '', userId: agent.userId, transport: net.transport });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await freeTicket();
      net.setOnline(false);
      expect(await client.engine.mutate('ticket.claim', { ticketId: ticket.id })).toEqual({ ok: true });
      expect(await replicaDoc(client, 'tickets', ticket.id)).toMatchObject({ status: 'assigned', assigneeUserId: agent.userId });
      const [pending] = await client.engine.pendingMutations();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await t.handle.db.selectFrom('tickets').select('status').where('id', '=', ticket.id).executeTakeFirstOrThrow()).status).toBe('unassigned');
      expect(await replicaDoc(client, 'tickets', ticket.id)).toMatchObject({ status: 'assigned' });

      net.setOnline(true);
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain');
      expect(await appliedCount(pending!.id)).toBe(1);
      const row = await t.handle.db.selectFrom('tickets').selectAll().where('id', '=', ticket.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'assigned', assignee_user_id: agent.userId });
      await waitFor(async () => (await replicaDoc(client, 'tickets', ticket.id))?.rev === row.rev, 10_000, 'replica to hold the server revision');
    } finally {
      await client.close();
    }
  });

  it('a restarted worker replays its pending outbox once', async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: token(agent.headers) }));
    const first = await openClient({ token: '', userId: agent.userId, transport: net.transport });
    await waitFor(() => first.engine.getStatus().lastSyncAt, 10_000, 'first sync');
    const ticket = await freeTicket();
    net.setOnline(false);
    await first.engine.mutate('ticket.claim', { ticketId: ticket.id });
    const [pending] = await first.engine.pendingMutations();
    await first.close();

    net.setOnline(true);
    const second = await openClient({ token: '', userId: agent.userId, transport: net.transport, dbName: first.name });
    try {
      await waitFor(async () => (await second.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain after restart');
      expect(await appliedCount(pending!.id)).toBe(1);
      expect((await t.handle.db.selectFrom('tickets').select('assignee_user_id').where('id', '=', ticket.id).executeTakeFirstOrThrow()).assignee_user_id).toBe(agent.userId);
    } finally {
      await second.close();
    }
  });

  it('a claim that loses to someone else reverts the replica and reports who has it', async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: token(agent.headers) }));
    const client = await openClient({ token: '', userId: agent.userId, transport: net.transport });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await freeTicket();
      net.setOnline(false);
      await client.engine.mutate('ticket.claim', { ticketId: ticket.id });
      const claim = await t.app.inject({
        method: 'POST',
        url: '/sync/mutations',
        headers: admin.headers,
        payload: { clientId: 'admin-browser', mutations: [{ id: 'admin-claim-1', name: 'ticket.claim', args: { ticketId: ticket.id }, at: Date.now() }] },
      });
      expect(claim.json().results[0].status).toBe('applied');
      net.setOnline(true);
      await waitFor(() => client.rejections.length > 0, 10_000, 'the rejection');
      expect(client.rejections[0]).toMatchObject({ name: 'ticket.claim', code: 'already-claimed', message: 'Ticket already claimed by Ada Admin' });
      await waitFor(async () => (await replicaDoc(client, 'tickets', ticket.id))?.assigneeUserId === admin.userId, 10_000, 'the replica to show the real claimant');
      expect(await client.engine.pendingMutations()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('a change made on the server reaches the replica through the live stream', async () => {
    const client = await openClient({ baseUrl, token: token(agent.headers), userId: agent.userId });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await freeTicket();
      await t.app.inject({
        method: 'POST',
        url: '/sync/mutations',
        headers: admin.headers,
        payload: { clientId: 'admin-browser', mutations: [{ id: `admin-claim-${ticket.id}`, name: 'ticket.claim', args: { ticketId: ticket.id }, at: Date.now() }] },
      });
      await waitFor(async () => (await replicaDoc(client, 'tickets', ticket.id))?.assigneeUserId === admin.userId, 10_000, 'the stream to deliver the claim');
    } finally {
      await client.close();
    }
  });

  it('a mutation the replica can judge is refused at once and not queued', async () => {
    const client = await openClient({ baseUrl, token: token(agent.headers), userId: agent.userId });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await freeTicket();
      expect(await client.engine.mutate('ticket.resolve', { ticketId: ticket.id, data: {} })).toEqual({
        ok: false,
        code: 'not-assigned',
        message: 'Assign/claim the ticket before solving it.',
      });
      expect(await client.engine.pendingMutations()).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('a full disk refuses the change with a clear message and keeps the queue as it was', async () => {
    const client = await openClient({ baseUrl, token: token(agent.headers), userId: agent.userId });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await freeTicket();
      const insert = client.db.outbox.insert.bind(client.db.outbox);
      client.db.outbox.insert = () => Promise.reject(Object.assign(new Error('QuotaExceededError'), { name: 'QuotaExceededError' }));
      const result = await client.engine.mutate('ticket.claim', { ticketId: ticket.id });
      client.db.outbox.insert = insert;
      expect(result).toMatchObject({ ok: false, code: 'storage-full' });
      expect((result as { message: string }).message).toContain('no room left');
      expect(await client.engine.pendingMutations()).toEqual([]);
      expect(await replicaDoc(client, 'tickets', ticket.id)).toMatchObject({ status: 'unassigned' });
    } finally {
      await client.close();
    }
  });
});
