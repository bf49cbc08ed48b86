import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxOf, nextSeq } from '../../workers/sync/outbox.ts';
import { httpTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { unclaimedTicket } from '../server/helpers/tickets.ts';
import { listen, openClient, switchableTransport, waitFor } from './helpers/syncHarness.ts';

/**
 * A queue with a poisoned entry in it — kept by an older version, corrupted on disk, or simply larger than a request
 * may be — must not stall: the entry is refused alone, the user is told, and every change behind it reaches the
 * server.
 */
describe('poisoned outbox entries (real server, PGlite, fake-indexeddb)', () => {
  let t: TestApp;
  let baseUrl: string;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  const token = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);
  const language = async () => (await t.handle.db.selectFrom('users').select('language').where('id', '=', agent.userId).executeTakeFirstOrThrow()).language;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    agent = await t.loginAs(demoAccount('NORMAL').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an entry the server cannot store is rejected with its reason, and the changes queued after it apply', async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: token(agent.headers) }));
    const client = await openClient({ token: '', userId: agent.userId, transport: net.transport });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      net.setOnline(false);
      // As an older version might have queued it: past today's checks, with a NUL in its ticket id.
      const poisonId = randomUUID();
      await outboxOf(client.db).add({
        id: poisonId,
        seq: nextSeq(Date.now()),
        name: 'ticket.claim',
        args: { ticketId: 'case-demo-0001\u0000' },
        at: Date.now(),
        attempts: 0,
        lastError: null,
        touched: [],
      });
      expect(await client.engine.mutate('user.setLanguage', { language: 'es' })).toEqual({ ok: true });
      net.setOnline(true);
      client.engine.reconnect();
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain');
      expect(client.rejections).toEqual([expect.objectContaining({ mutationId: poisonId, code: 'invalid-args', message: 'args.ticketId contains a NUL character, which cannot be stored' })]);
      expect(await language()).toBe('es');
    } finally {
      await client.engine.mutate('user.setLanguage', { language: 'en' });
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain');
      await client.destroy();
    }
  });

  it('a change too large for one request is rejected alone as too large; the rest of the queue goes through', async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: token(agent.headers) }));
    const client = await openClient({ token: '', userId: agent.userId, transport: net.transport });
    const ticket = { id: await unclaimedTicket(t.handle.db) };
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      expect(await client.engine.mutate('ticket.claim', { ticketId: ticket.id })).toEqual({ ok: true });
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'claim to be sent');
      net.setOnline(false);
      // Three fields of 400,000 characters: each within the limits, together past the server's 1 MB body limit.
      const big = { a: 'x'.repeat(400_000), b: 'y'.repeat(400_000), c: 'z'.repeat(400_000) };
      expect(await client.engine.mutate('ticket.saveData', { ticketId: ticket.id, data: big })).toEqual({ ok: true });
      expect(await client.engine.mutate('user.setLanguage', { language: 'es' })).toEqual({ ok: true });
      net.setOnline(true);
      client.engine.reconnect();
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain');
      expect(client.rejections).toEqual([expect.objectContaining({ name: 'ticket.saveData', code: 'too-large', message: 'This change is too large to send, so it was not saved.' })]);
      expect(await language()).toBe('es');
    } finally {
      await client.engine.mutate('user.setLanguage', { language: 'en' });
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'outbox to drain');
      await client.destroy();
    }
  });

  it('input the server would refuse is refused before it is queued', async () => {
    const client = await openClient({ baseUrl, token: token(agent.headers), userId: agent.userId });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = await t.handle.db.selectFrom('tickets').select('id').where('team_id', '=', 'team-demo-claims').where('state', '=', 'open').orderBy('id', 'desc').executeTakeFirstOrThrow();
      const refused = await client.engine.mutate('ticket.addNote', { ticketId: ticket.id, noteId: randomUUID(), title: 'Call\u0000', description: 'x', details: '' });
      expect(refused).toEqual({ ok: false, code: 'invalid-args', message: 'args.title contains a NUL character, which cannot be stored' });
      expect(await client.engine.pendingMutations()).toEqual([]);
    } finally {
      await client.destroy();
    }
  });
});
