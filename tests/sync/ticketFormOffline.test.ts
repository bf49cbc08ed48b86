import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen, openClient, replicaDoc, switchableTransport, waitFor } from './helpers/syncHarness.ts';

const HOUR = 3_600_000;

describe('the ticket form offline: client and real server in one process (PGlite)', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    admin = await t.loginAs(demoAccount('ADMIN').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const offlineAdmin = async () => {
    const net = switchableTransport(httpTransport({ baseUrl, accessToken: admin.headers.authorization.slice('Bearer '.length) }));
    const client = await openClient({ token: '', userId: admin.userId, transport: net.transport, storage: 'memory' });
    await waitFor(() => client.engine.getStatus().lastSyncAt, 15_000, 'first sync');
    net.setOnline(false);
    return { net, client };
  };
  const ticketRow = (id: string) => t.handle.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
  const createdAt = Date.now() - HOUR;
  const createArgs = (ticketId: string, assigneeMemberId: string) => ({
    ticketId,
    caseId: 'case-demo-0002',
    status: 'assigned',
    description: 'Made offline',
    createdAt,
    dueAt: createdAt + 24 * HOUR,
    teamId: 'team-demo-claims',
    assigneeMemberId,
  });

  it('a ticket created and moved to another team offline shows at once, and both changes are stored once the network returns', async () => {
    const { net, client } = await offlineAdmin();
    try {
      const ticketId = 'tkt-offline-form-1';
      expect(await client.engine.mutate('ticket.create', createArgs(ticketId, 'mbr-demo-maria'))).toEqual({ ok: true });
      expect(await replicaDoc(client, 'tickets', ticketId)).toMatchObject({ status: 'assigned', assigneeMemberId: 'mbr-demo-maria', operation: 'case-demo-0002' });
      const update = { ticketId, status: 'unassigned', description: 'Moved offline', dueAt: createdAt + 48 * HOUR, teamId: 'team-demo-field', assigneeMemberId: null };
      expect(await client.engine.mutate('ticket.update', update)).toEqual({ ok: true });
      expect(await replicaDoc(client, 'tickets', ticketId)).toMatchObject({ teamId: 'team-demo-field', status: 'unassigned', assigneeMemberId: null, rev: 0 });
      expect(await ticketRow(ticketId)).toBeUndefined();

      net.setOnline(true);
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 15_000, 'outbox to drain');
      const row = await ticketRow(ticketId);
      expect(row).toMatchObject({ team_id: 'team-demo-field', status: 'unassigned', assignee_member_id: null, description: 'Moved offline', sla_seconds: 48 * 3600 });
      await waitFor(async () => (await replicaDoc(client, 'tickets', ticketId))?.rev === row!.rev, 15_000, 'replica to hold the server revision');
      expect(client.rejections).toEqual([]);
    } finally {
      await client.destroy();
    }
  });

  it('an offline create the server refuses (assignee outside the team) is reported and its ticket leaves the replica', async () => {
    const { net, client } = await offlineAdmin();
    try {
      const ticketId = 'tkt-offline-form-2';
      expect(await client.engine.mutate('ticket.create', createArgs(ticketId, 'mbr-demo-lena'))).toEqual({ ok: true });
      expect(await replicaDoc(client, 'tickets', ticketId)).not.toBeNull();

      net.setOnline(true);
      await waitFor(() => client.rejections.length > 0, 15_000, 'the refusal');
      expect(client.rejections[0]).toMatchObject({ name: 'ticket.create', code: 'not-team-member', message: "The assignee is not a member of the ticket's team" });
      await waitFor(async () => {
        const doc = await replicaDoc(client, 'tickets', ticketId);
        return doc === null || doc.deleted;
      }, 15_000, 'the refused ticket to leave the replica');
      expect(await ticketRow(ticketId)).toBeUndefined();
    } finally {
      await client.destroy();
    }
  });
});
