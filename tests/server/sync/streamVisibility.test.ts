import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../../../src/domain/sync/protocol.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { testBackends } from '../helpers/databases.ts';
import { unclaimedTicket } from '../helpers/tickets.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Reads a live stream's `changes` events into a list until aborted. */
async function follow(url: string, headers: Record<string, string>, into: StreamMessage[], signal: AbortSignal, opened: () => void) {
  const response = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  opened();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: changes')) into.push(JSON.parse(block.split('data: ')[1]!) as StreamMessage);
      }
    }
  } catch {
    // aborted
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

describe.each(backends)('the live stream names only what the caller may see, on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let admin: { authorization: string };
  let agent: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const openTicketOf = (team: string) => unclaimedTicket(t.handle.db, team);

  it("an agent is not told about apps or another team's tickets, and is told about its own team's", async () => {
    const agentSaw: StreamMessage[] = [];
    const adminSaw: StreamMessage[] = [];
    const stop = new AbortController();
    await Promise.all([
      new Promise<void>((opened) => void follow(`${base}/sync/stream`, agent, agentSaw, stop.signal, opened)),
      new Promise<void>((opened) => void follow(`${base}/sync/stream`, admin, adminSaw, stop.signal, opened)),
    ]);
    try {
      await settle();
      const patched = await t.app.inject({ method: 'PATCH', url: '/apps/app-demo-claims', headers: admin, payload: { description: 'Seen by admins only' } });
      expect(patched.statusCode).toBe(200);
      const hidden = await openTicketOf('team-demo-back-office');
      await pushMutations(t, admin, 'client-stream-admin', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: hidden } }]);
      await settle();
      expect(agentSaw).toEqual([]);
      expect(adminSaw.flatMap((m) => m.collections)).toEqual(expect.arrayContaining(['config', 'tickets']));

      const mine = await openTicketOf('team-demo-claims');
      await pushMutations(t, admin, 'client-stream-admin', [{ id: randomUUID(), name: 'ticket.claim', args: { ticketId: mine } }]);
      await settle();
      // config: the team's dashboard aggregate (ticketLight) moved with the ticket.
      expect(agentSaw.flatMap((m) => m.collections).sort()).toEqual(['config', 'tickets']);
    } finally {
      stop.abort();
    }
  });

  it('a ticket moved out of an agent’s team is announced to that team, so its copy is pulled again', async () => {
    const seen: StreamMessage[] = [];
    const stop = new AbortController();
    await new Promise<void>((opened) => void follow(`${base}/sync/stream`, agent, seen, stop.signal, opened));
    try {
      await settle();
      const ticket = await openTicketOf('team-demo-claims');
      const [moved] = await pushMutations(t, admin, 'client-stream-admin', [
        { id: randomUUID(), name: 'ticket.reassign', args: { ticketId: ticket, teamId: 'team-demo-back-office' } },
      ]);
      expect(moved?.status).toBe('applied');
      await settle();
      // config: the team's dashboard aggregate (ticketLight) lost the ticket.
      expect(seen.flatMap((m) => m.collections).sort()).toEqual(['config', 'tickets']);
    } finally {
      stop.abort();
    }
  });
});
