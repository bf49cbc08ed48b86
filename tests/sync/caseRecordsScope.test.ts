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
});
