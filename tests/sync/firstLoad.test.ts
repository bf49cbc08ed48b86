import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../src/domain/sync/loadProgress.ts';
import { httpTransport, type SyncTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen, openClient, waitFor } from './helpers/syncHarness.ts';

type Pull = { collection: string; count: boolean };

/**
 * Inbox first on a cold device: the account and configuration, then the tickets, then the rest; a first load
 * reports its progress against the server's count, gives way to a more urgent pull between pages and continues
 * where it stopped, and a device that has loaded everything once never loads it "for the first time" again.
 */
describe('the first load of a device', () => {
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

  function recording(onPull?: (pull: Pull, index: number) => void) {
    const real = httpTransport({ baseUrl, accessToken: admin.headers.authorization.slice('Bearer '.length) });
    const pulls: Pull[] = [];
    const transport: SyncTransport = {
      ...real,
      pull: (collection, checkpoint, limit, scope, count) => {
        pulls.push({ collection, count: count === true });
        onPull?.(pulls.at(-1)!, pulls.length - 1);
        return real.pull(collection, checkpoint, limit, scope, count);
      },
    };
    return { pulls, transport };
  }

  it('pulls configuration, then tickets, then cases, with progress, and yields to tickets asked for meanwhile', async () => {
    let requestTickets = () => {};
    let askedOnce = false;
    const { pulls, transport } = recording((pull) => {
      // The first page of cases is on its way: a ticket changes on the server (the stream would ask for tickets).
      if (pull.collection === 'cases' && !askedOnce) {
        askedOnce = true;
        queueMicrotask(() => requestTickets());
      }
    });
    const client = await openClient({ token: '', userId: admin.userId, transport, pullLimit: 20 });
    requestTickets = () => void client.engine.requestPull(['tickets']);
    try {
      await waitFor(() => client.engine.getStatus().loaded?.includes('runs'), 30_000, 'the whole first load');
      const order = pulls.map((p) => p.collection);
      expect(order[0]).toBe('config');
      const firstCases = order.indexOf('cases');
      expect(order.lastIndexOf('config')).toBeLessThan(order.indexOf('tickets'));
      expect(order.slice(0, firstCases).every((c) => c === 'config' || c === 'tickets')).toBe(true);
      // The tickets asked for during the cases load were pulled before the cases load went on to its end.
      expect(order.slice(firstCases).includes('tickets')).toBe(true);
      expect(order.lastIndexOf('tickets')).toBeLessThan(order.lastIndexOf('cases'));
      expect(order.lastIndexOf('cases')).toBeLessThan(order.indexOf('runs'));
      // Each pass of a collection still loading asks for the count on its first page only.
      expect(pulls.filter((p) => p.collection === 'cases' && p.count).length).toBe(2);

      const progress = client.statuses.map((s) => s.loading).filter((l): l is LoadProgress => l?.collection === 'cases');
      // Shown before the first page arrives (nothing counted yet), then counted against the server's 200.
      expect(progress[0]).toEqual({ collection: 'cases', received: 0, total: null });
      const counted = progress.slice(progress.findIndex((p) => p.total !== null));
      expect(counted.length).toBeGreaterThan(3);
      expect(counted.every((p) => p.total === 200)).toBe(true);
      const received = progress.map((p) => p.received);
      expect(received).toEqual([...received].sort((a, b) => a - b));
      expect(received.at(-1)).toBe(200);
      const final = client.engine.getStatus();
      expect(final.loading).toBeNull();
      expect(final.loaded).toEqual(expect.arrayContaining(['config', 'tickets', 'cases', 'runs']));
      expect(await client.db.cases.count().exec()).toBe(200);
      expect(await client.db.tickets.count().exec()).toBe(40);
    } finally {
      await client.close();
    }

    // The same device again: everything is known to be loaded, so nothing is counted or shown as loading.
    const again = recording();
    const reopened = await openClient({ token: '', userId: admin.userId, transport: again.transport, dbName: client.name, pullLimit: 20 });
    try {
      await waitFor(() => reopened.engine.getStatus().lastSyncAt, 10_000, 'a sync');
      expect(reopened.engine.getStatus().loaded).toEqual(expect.arrayContaining(['config', 'tickets', 'cases', 'runs']));
      expect(again.pulls.filter((p) => p.count)).toEqual([]);
      expect(reopened.statuses.every((s) => s.loading === null)).toBe(true);
    } finally {
      await reopened.destroy();
    }
  });
});
