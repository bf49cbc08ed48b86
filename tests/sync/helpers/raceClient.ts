/**
 * One replica in its own process (the free RxDB allows 13 open collections per realm, so twenty replicas cannot
 * share one). Driven by its parent over IPC: sync, claim on 'go', settle, then report what its replica shows.
 */
import { openClient, replicaDoc, waitFor } from './syncHarness.ts';

type Start = { baseUrl: string; token: string; userId: string; ticketId: string };

process.once('message', async (start: Start) => {
  const client = await openClient({ baseUrl: start.baseUrl, token: start.token, userId: start.userId, storage: 'memory' });
  await waitFor(() => client.engine.getStatus().lastSyncAt, 60_000, 'first sync');
  process.send?.({ ready: true });
  process.once('message', async () => {
    const result = await client.engine.mutate('ticket.claim', { ticketId: start.ticketId });
    await waitFor(() => client.engine.isSettled(), 60_000, 'outbox to drain');
    process.send?.({ result, rejections: client.rejections.map((r) => r.message) });
    process.once('message', async (winnerId: string) => {
      await waitFor(async () => (await replicaDoc(client, 'tickets', start.ticketId))?.assigneeUserId === winnerId, 60_000, 'replica to converge').catch(() => null);
      const doc = await replicaDoc(client, 'tickets', start.ticketId);
      process.send?.({ assigneeUserId: doc?.assigneeUserId ?? null });
      await client.destroy();
      process.exit(0);
    });
  });
});
