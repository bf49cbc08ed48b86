import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgents, type TestAgent } from '../server/helpers/agents.ts';
import { createTestApp, type TestApp } from '../server/helpers/testApp.ts';
import { listen } from './helpers/syncHarness.ts';

const CLIENT = fileURLToPath(new URL('./helpers/raceClient.ts', import.meta.url));

/** Sends each child its message and collects one answer from each. */
function round<T>(children: ChildProcess[], messageFor: (index: number) => unknown): Promise<T[]> {
  return Promise.all(
    children.map(
      (child, index) =>
        new Promise<T>((resolve, reject) => {
          const onExit = (code: number | null) => reject(new Error(`a replica process exited with ${code}`));
          child.once('exit', onExit);
          child.once('message', (answer) => {
            child.off('exit', onExit);
            resolve(answer as T);
          });
          child.send(messageFor(index) as object);
        }),
    ),
  );
}

describe('claim race through 20 replicas, each a real sync engine in its own process', () => {
  let t: TestApp;
  let baseUrl: string;
  let agents: TestAgent[];
  let children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    agents = await createAgents(t.handle, 20, 'team-demo-claims', 'replica');
  }, 120_000);
  afterAll(async () => {
    for (const child of children) child.kill();
    await t?.close();
  });

  it('exactly one claim applies, 19 are rejected naming the winner, and every replica shows the winner', async () => {
    const ticket = await t.handle.db
      .selectFrom('tickets')
      .select('id')
      .where('team_id', '=', 'team-demo-claims')
      .where('status', '=', 'unassigned')
      .where('state', '=', 'open')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    children = agents.map(() => fork(CLIENT, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
    await round(children, (i) => ({ baseUrl, token: agents[i]!.headers.authorization.slice(7), userId: agents[i]!.userId, ticketId: ticket.id }));
    const outcomes = await round<{ result: { ok: boolean }; rejections: string[] }>(children, () => 'go');
    expect(outcomes.every((o) => o.result.ok)).toBe(true);

    const row = await t.handle.db.selectFrom('tickets').select('assignee_user_id').where('id', '=', ticket.id).executeTakeFirstOrThrow();
    const winner = agents.find((a) => a.userId === row.assignee_user_id);
    expect(winner).toBeDefined();
    const logged = await t.handle.db
      .selectFrom('mutation_log')
      .select('status')
      .where('name', '=', 'ticket.claim')
      .where('user_id', 'in', agents.map((a) => a.userId))
      .execute();
    expect(logged.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(logged.filter((r) => r.status === 'rejected')).toHaveLength(19);
    const rejections = outcomes.flatMap((o) => o.rejections);
    expect(rejections).toEqual(Array.from({ length: 19 }, () => `Ticket already claimed by ${winner!.name}`));

    const replicas = await round<{ assigneeUserId: string | null }>(children, () => winner!.userId);
    expect(replicas.map((r) => r.assigneeUserId)).toEqual(agents.map(() => winner!.userId));
  }, 240_000);
});
