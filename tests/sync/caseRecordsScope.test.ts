import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport, type SyncTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen, openClient, waitFor } from './helpers/syncHarness.ts';

/**
 * Case records (notes, files, history) are pulled per open case. A live notice that some case's records moved must
 * refresh the cases open on screen, never ask for the whole collection: the server refuses that (400), and a
 * refused pull used to put the whole sync on its error backoff.
 */
describe('case records are only ever pulled in a scope', () => {
  let t: TestApp;
  let baseUrl: string;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    agent = await t.loginAs(demoAccount('NORMAL').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a note made on an open case is fetched in its scope, and no unscoped pull is sent', async () => {
    const real = httpTransport({ baseUrl, accessToken: agent.headers.authorization.slice('Bearer '.length) });
    const pulls: Array<{ collection: string; scope: string | undefined }> = [];
    const recording: SyncTransport = {
      ...real,
      pull: (collection, checkpoint, limit, scope) => {
        pulls.push({ collection, scope });
        return real.pull(collection, checkpoint, limit, scope);
      },
    };
    const client = await openClient({ token: '', userId: agent.userId, transport: recording });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = (await client.db.tickets.find({ selector: { state: 'open' } }).exec()).find((d) => typeof d.get('caseId') === 'string')!;
      const caseId = ticket.get('caseId') as string;
      client.engine.openScope(`case:${caseId}`);
      expect(await client.engine.mutate('ticket.addNote', { ticketId: ticket.id, noteId: randomUUID(), title: 'Call', description: 'Called back', details: '' })).toEqual({ ok: true });
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 10_000, 'note to be sent');
      // The stream announces the note (caseRecords moved); the open scope is pulled again.
      await waitFor(() => pulls.filter((p) => p.collection === 'caseRecords').length >= 2, 10_000, 'the scope to be pulled again');
      expect(pulls.filter((p) => p.collection === 'caseRecords' && p.scope === undefined)).toEqual([]);
      expect(client.engine.getStatus().problem).toBeNull();
    } finally {
      await client.destroy();
    }
  });

  it('a case opened by its link before the feed brought it is fetched by id with its scope; an unknown one writes nothing', async () => {
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const real = httpTransport({ baseUrl, accessToken: admin.headers.authorization.slice('Bearer '.length) });
    // A feed of cases that has not reached any case yet (a first load still on its way).
    const behind: SyncTransport = {
      ...real,
      pull: (collection, checkpoint, limit, scope, count) =>
        collection === 'cases' ? Promise.resolve({ documents: [], checkpoint: checkpoint ?? { rev: 0, id: '', v: 'behind' }, reset: false }) : real.pull(collection, checkpoint, limit, scope, count),
    };
    const client = await openClient({ token: '', userId: admin.userId, transport: behind });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 10_000, 'first sync');
      const ticket = (await client.db.tickets.find({ selector: { state: 'open' } }).exec()).find((d) => typeof d.get('caseId') === 'string')!;
      const caseId = ticket.get('caseId') as string;
      expect(await client.db.cases.findOne(caseId).exec()).toBeNull();
      await client.engine.openScope(`case:${caseId}`);
      expect((await client.db.cases.findOne(caseId).exec())?.get('id')).toBe(caseId);
      await client.engine.openScope('case:no-such-case');
      expect(await client.db.cases.findOne('no-such-case').exec()).toBeNull();
      expect(await client.db.cases.count().exec()).toBe(1);
    } finally {
      await client.destroy();
    }
  });
});
