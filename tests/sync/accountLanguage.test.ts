import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import type { SyncTransport } from '../../workers/sync/transport.ts';
import { listen, openClient, replicaDoc, waitFor } from './helpers/syncHarness.ts';

describe('the account language chosen on a fresh device (PGlite)', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a choice made before the account reached the replica is queued, shown once the account arrives and saved', async () => {
    const agent = await t.loginAs(demoAccount('NORMAL').username);
    // The first pull is held until the choice has been made, as on a slow first sign-in.
    let releasePull = () => {};
    const pullHeld = new Promise<void>((resolve) => (releasePull = resolve));
    const http = httpTransport({ baseUrl, accessToken: agent.headers.authorization.slice('Bearer '.length) });
    const transport: SyncTransport = {
      ...http,
      async pull(...args) {
        await pullHeld;
        return http.pull(...args);
      },
    };
    const client = await openClient({ token: '', userId: agent.userId, transport, storage: 'memory' });
    try {
      expect(await replicaDoc(client, 'config', agent.userId)).toBeNull();
      const choice = client.engine.mutate('user.setLanguage', { language: 'es' });
      releasePull();
      expect(await choice).toEqual({ ok: true });
      await waitFor(async () => (await client.engine.pendingMutations()).length === 0, 15_000, 'outbox to drain');
      const row = await t.handle.db.selectFrom('users').select('language').where('id', '=', agent.userId).executeTakeFirstOrThrow();
      expect(row.language).toBe('es');
      await waitFor(async () => (await replicaDoc(client, 'config', agent.userId))?.language === 'es', 15_000, 'the replica to show Spanish');
      expect(client.rejections).toEqual([]);
    } finally {
      await client.destroy();
    }
  });
});
