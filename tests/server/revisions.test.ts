import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { createWorkspace, withWorkspaceWrite } from '../../server/db/revisions.ts';
import type { Database } from '../../server/db/schema.ts';
import { migrateTestDatabase, openTestDatabase, testBackends } from './helpers/databases.ts';

const backends = await testBackends();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client does: pull rows with rev > checkpoint, move the checkpoint to the highest rev seen. */
async function pullOnce(db: Kysely<Database>, workspaceId: string, checkpoint: number) {
  const rows = await db
    .selectFrom('cors_origins')
    .select(['id', 'rev'])
    .where('workspace_id', '=', workspaceId)
    .where('rev', '>', checkpoint)
    .orderBy('rev')
    .orderBy('id')
    .execute();
  return { rows, checkpoint: rows.reduce((max, r) => Math.max(max, r.rev), checkpoint) };
}

/** Writers insert rows concurrently while a puller runs; answers every id written and every id pulled. */
async function runScenario(
  db: Kysely<Database>,
  writers: { rows: number; delayMs: number }[],
  write: (workspaceId: string, work: (tx: Kysely<Database>, rev: number) => Promise<void>) => Promise<void>,
) {
  const workspaceId = `ws-${randomUUID()}`;
  await createWorkspace(db, { id: workspaceId, name: 'Property' });
  const written: string[] = [];
  const pulled: string[] = [];
  let done = false;
  const puller = (async () => {
    let checkpoint = 0;
    while (!done) {
      const page = await pullOnce(db, workspaceId, checkpoint);
      pulled.push(...page.rows.map((r) => r.id));
      checkpoint = page.checkpoint;
      await sleep(1);
    }
    const last = await pullOnce(db, workspaceId, checkpoint);
    pulled.push(...last.rows.map((r) => r.id));
  })();
  await Promise.all(
    writers.map((w) =>
      write(workspaceId, async (tx, rev) => {
        for (let i = 0; i < w.rows; i += 1) {
          const id = randomUUID();
          await tx.insertInto('cors_origins').values({ id, workspace_id: workspaceId, origin: `https://${id}.test`, rev }).execute();
          written.push(id);
        }
        await sleep(w.delayMs);
      }),
    ),
  );
  done = true;
  await puller;
  return { written, pulled };
}

describe.each(backends)('workspace revisions on %s', (backend) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(backend, 24);
    await migrateTestDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('concurrent writers never produce a revision that a pull by rev > checkpoint skips or repeats', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ rows: fc.integer({ min: 1, max: 3 }), delayMs: fc.integer({ min: 0, max: 8 }) }), { minLength: 2, maxLength: 12 }),
        async (writers) => {
          const { written, pulled } = await runScenario(handle.db, writers, (ws, work) =>
            withWorkspaceWrite(handle.db, ws, (tx, rev) => work(tx, rev)),
          );
          expect(new Set(pulled).size).toBe(pulled.length);
          expect([...pulled].sort()).toEqual([...written].sort());
        },
      ),
      { numRuns: 25 },
    );
  });

  it('the revisions of one workspace are handed out in commit order, without gaps', async () => {
    const workspaceId = `ws-${randomUUID()}`;
    await createWorkspace(handle.db, { id: workspaceId, name: 'Order' });
    const revs = await Promise.all(Array.from({ length: 10 }, () => withWorkspaceWrite(handle.db, workspaceId, async (_tx, rev) => rev)));
    expect([...revs].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('a write to an unknown workspace is refused and writes nothing', async () => {
    await expect(withWorkspaceWrite(handle.db, 'ws-missing', async () => 1)).rejects.toThrow('Workspace ws-missing does not exist');
  });

  it('a failed write rolls back its rows and its revision', async () => {
    const workspaceId = `ws-${randomUUID()}`;
    await createWorkspace(handle.db, { id: workspaceId, name: 'Rollback' });
    await expect(
      withWorkspaceWrite(handle.db, workspaceId, async (tx, rev) => {
        await tx.insertInto('cors_origins').values({ id: randomUUID(), workspace_id: workspaceId, origin: 'https://x.test', rev }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const counter = await handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
    expect(counter.rev).toBe(1);
    const rows = await handle.db.selectFrom('cors_origins').select('id').where('workspace_id', '=', workspaceId).execute();
    expect(rows).toEqual([]);
  });
});

// Only PostgreSQL runs transactions truly side by side (PGlite is one session), so only there can we show the
// lock at work and show that the pull check above does catch a skip when revisions do not commit in order.
describe.runIf(backends.includes('postgres'))('revision ordering needs the workspace lock (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('postgres', 8);
    await migrateTestDatabase(handle);
    await sql`create sequence naive_rev`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('a second writer waits until the first commits', async () => {
    const workspaceId = `ws-${randomUUID()}`;
    await createWorkspace(handle.db, { id: workspaceId, name: 'Lock' });
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    const events: string[] = [];
    const first = withWorkspaceWrite(handle.db, workspaceId, async (_tx, rev) => {
      events.push(`first got ${rev}`);
      await firstHolds;
      events.push('first commits');
    });
    await sleep(50);
    const second = withWorkspaceWrite(handle.db, workspaceId, async (_tx, rev) => {
      events.push(`second got ${rev}`);
    });
    await sleep(200);
    expect(events).toEqual(['first got 2']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(events).toEqual(['first got 2', 'first commits', 'second got 3']);
  });

  it('control: revisions from a plain sequence let a slow writer commit behind the checkpoint, and the check sees it', async () => {
    const naiveWrite = (_ws: string, work: (tx: Kysely<Database>, rev: number) => Promise<void>) =>
      handle.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ rev: number }>`select nextval('naive_rev')::int as rev`.execute(tx);
        await work(tx, rows[0]!.rev);
      });
    const { written, pulled } = await runScenario(handle.db, [{ rows: 1, delayMs: 300 }, { rows: 1, delayMs: 0 }], naiveWrite);
    expect(pulled.length).toBeLessThan(written.length);
  });
});
