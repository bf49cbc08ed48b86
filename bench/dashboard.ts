/**
 * `npm run bench -- dashboard`: the dashboard aggregates on the sync bench's volume (the demo workspace plus
 * 100,000 cases over 90 days and 10,000 open tickets, set-based inserts through the aggregate triggers): how long
 * the bulk load takes with the triggers, what the aggregates' replicated size is as the pull sends it, and how
 * long one case write and the §7 team figures take.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { withWorkspaceWrite } from '../server/db/revisions.ts';
import { seedDemoWorkspace } from '../server/db/seed/demoSeed.ts';
import { pullPage } from '../server/sync/pull.ts';
import type { Visibility } from '../server/sync/visibility.ts';
import type { BenchResult } from './run.ts';
import { seedVolume } from './sync/seedVolume.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);

/** The dashboard aggregates as the pull sends them to an administrator: how many and their JSON size. */
export async function replicatedAggregates(db: Kysely<Database>): Promise<{ documents: number; bytes: number }> {
  const admin: Visibility = { workspaceId: 'ws-demo', userId: 'bench', isAdmin: true, modules: new Set(), teamIds: [], memberIds: [], ownMemberIds: [], engineIds: [], fingerprint: 'bench' };
  const page = await pullPage(db, admin, { collection: 'config', limit: 100_000 });
  const aggregates = page.documents.filter((d) => d.kind === 'caseFlow' || d.kind === 'caseStateCount' || d.kind === 'ticketLight');
  return { documents: aggregates.length, bytes: Buffer.byteLength(JSON.stringify(aggregates)) };
}

export async function run(): Promise<BenchResult[]> {
  const handle = await openDatabase({ dataDir: null });
  try {
    await migrateToLatest(handle.db);
    await seedDemoWorkspace(handle.db);
    const started = performance.now();
    await seedVolume(handle.db, { cases: CASES, tickets: TICKETS });
    const loadMs = performance.now() - started;

    const { documents, bytes } = await replicatedAggregates(handle.db);

    const writes: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const t0 = performance.now();
      await withWorkspaceWrite(handle.db, 'ws-demo', (tx, rev) =>
        tx.updateTable('cases').set({ status: i % 2 ? 'COMPLETED' : 'PROGRESS', closing: i % 2 ? new Date() : null, rev, updated_at: new Date() }).where('id', '=', `case-vol-${String(i + 1).padStart(6, '0')}`).execute(),
      );
      writes.push(performance.now() - t0);
    }
    writes.sort((a, b) => a - b);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from case_flow_aggregates`.execute(handle.db);
    return [
      { name: `bulk load ${CASES} cases + ${TICKETS} tickets with triggers`, value: Math.round(loadMs / 100) / 10, unit: 's' },
      { name: 'aggregate documents', value: documents, unit: `docs (${rows[0]?.n ?? 0} caseFlow)` },
      { name: 'aggregates replicated size (JSON)', value: Math.round(bytes / 102.4) / 10, unit: 'KiB', target: '< 1 MB' },
      { name: 'case status write incl. aggregates, p50', value: Math.round(writes[25]! * 10) / 10, unit: 'ms' },
    ];
  } finally {
    await handle.close();
  }
}
