import { sql, type Kysely, type RawBuilder } from 'kysely';
import { COLLECTION_TABLES, PAGE_SCOPED_TABLES, type SyncedCollection } from '../../src/domain/sync/collections.ts';
import { isTraceScope } from '../../src/domain/traces/traceScope.ts';
import type { Checkpoint, PullResponse, ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { rowToDoc } from './projection.ts';
import { pullTracePage } from './tracePages.ts';
import type { Visibility } from './visibility.ts';
import { canSeeAllCases, PRIVATE_COLUMNS, rowsOf } from './visibilityRules.ts';

const inList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`));

/** `false`: the caller sees none of the table; a fragment: an extra condition; `true`: the whole workspace. */
type RowFilter = (v: Visibility, scopeCaseId: string | null) => RawBuilder<unknown> | boolean;

const caseRecordFilter: RowFilter = (_v, caseId) => (caseId ? sql`case_id = ${caseId}` : false);

/** May the caller open a case's records? With CASES (or as admin), or when a ticket they can see belongs to it. */
export async function mayOpenCase(db: Kysely<Database>, v: Visibility, caseId: string): Promise<boolean> {
  const exists = await db.selectFrom('cases').select('id').where('id', '=', caseId).where('workspace_id', '=', v.workspaceId).executeTakeFirst();
  if (!exists) return false;
  if (canSeeAllCases(v)) return true;
  if (v.teamIds.length === 0) return false;
  const ticket = await db
    .selectFrom('tickets')
    .select('id')
    .where('case_id', '=', caseId)
    .where('team_id', 'in', v.teamIds)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return ticket !== undefined;
}

// Ids compare byte-wise (collation "C") in SQL and in JS alike, so the (rev, id) order is the same on both sides.
/**
 * One page of a collection's change feed for this caller: rows after the checkpoint in (rev, id) order,
 * merged over the collection's tables. Rows sharing a revision (one transaction) may span pages, which is why
 * the checkpoint carries the id as well as the revision.
 */
export async function pullPage(
  db: Kysely<Database>,
  v: Visibility,
  query: { collection: SyncedCollection; checkpoint?: Checkpoint | undefined; limit: number; scope?: string | undefined; count?: '1' | undefined },
): Promise<PullResponse> {
  const scopeCaseId = query.scope?.startsWith('case:') ? query.scope.slice(5) : null;
  if (query.collection === 'caseRecords') {
    if (!scopeCaseId) throw new ApiError(400, 'scope-required', 'caseRecords are pulled per case: give scope=case:<id>');
    if (!(await mayOpenCase(db, v, scopeCaseId))) throw new ApiError(404, 'not-found', 'Case not found');
  }
  const fingerprint = `${v.fingerprint}${query.scope ? `:${query.scope}` : ''}`;
  if (query.scope && isTraceScope(query.scope)) {
    if (query.collection !== 'runs') throw new ApiError(400, 'bad-scope', 'A trace scope belongs to the runs collection');
    // The fingerprint names the caller only: a trace scope may be 2,500 characters and a checkpoint's `v` 100.
    return pullTracePage(db, v, query.scope, v.fingerprint);
  }
  const reset = query.checkpoint !== undefined && query.checkpoint.v !== fingerprint;
  const from = query.checkpoint && !reset ? query.checkpoint : { rev: 0, id: '' };

  const tables = Object.entries(COLLECTION_TABLES[query.collection]).flatMap(([table, kind]) => {
    // The traces travel only a page at a time, in a trace scope (above): never with the rest of `runs`.
    if (PAGE_SCOPED_TABLES.has(table)) return [];
    const filter = query.collection === 'caseRecords' ? caseRecordFilter(v, scopeCaseId) : rowsOf(table, v);
    if (filter === false) return [];
    const inWorkspace = table === 'workspaces' ? sql`id = ${v.workspaceId}` : sql`workspace_id = ${v.workspaceId}`;
    const extra = filter === true ? sql`` : sql`and ${filter}`;
    // A row comparison, so the (workspace_id, rev, id collate "C") index starts the page at the checkpoint.
    return [{ table, kind, where: sql`${inWorkspace} ${extra} and (rev, id collate "C") > (${from.rev}, ${from.id})` }];
  });
  // One snapshot for every table of the collection (and the count): read one after another at READ COMMITTED, a
  // revision committed between two tables' reads could be missed by one while a later one, read by the other, moves
  // the checkpoint past it; the document would then only arrive with its next change.
  const { pages, remaining } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const read: ReplicaDoc[][] = [];
      for (const { table, kind, where } of tables) {
        const { rows } = await sql<Record<string, unknown>>`
          select * from ${sql.table(table)} where ${where} order by rev, id collate "C" limit ${query.limit}`.execute(tx);
        read.push(rows.map((row) => rowToDoc(kind, row, v.isAdmin ? undefined : PRIVATE_COLUMNS[table])));
      }
      return { pages: read, remaining: query.count === '1' ? await countAfter(tx, tables) : undefined };
    });
  const documents = pages
    .flat()
    .sort((a, b) => a.rev - b.rev || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, query.limit);
  const last: ReplicaDoc | undefined = documents.at(-1);
  const checkpoint = last ? { rev: last.rev, id: last.id, v: fingerprint } : { ...from, v: fingerprint };
  return remaining === undefined ? { documents, checkpoint, reset } : { documents, checkpoint, reset, remaining };
}

async function countAfter(db: Kysely<Database>, tables: Array<{ table: string; where: RawBuilder<unknown> }>): Promise<number> {
  const counts = await Promise.all(
    tables.map(async ({ table, where }) => {
      const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/**
 * The current state of some documents, as this caller may see them (missing = not visible or gone). The
 * worker asks for it after a rejected mutation, to put the documents it changed back to the server's state.
 */
export async function currentDocs(db: Kysely<Database>, v: Visibility, collection: SyncedCollection, ids: string[]): Promise<ReplicaDoc[]> {
  if (ids.length === 0) return [];
  const pages = await Promise.all(
    Object.entries(COLLECTION_TABLES[collection]).map(async ([table, kind]) => {
      const filter = collection === 'caseRecords' ? true : rowsOf(table, v);
      if (filter === false) return [];
      const inWorkspace = table === 'workspaces' ? sql`id = ${v.workspaceId}` : sql`workspace_id = ${v.workspaceId}`;
      const extra = filter === true ? sql`` : sql`and ${filter}`;
      const { rows } = await sql<Record<string, unknown>>`
        select * from ${sql.table(table)} where ${inWorkspace} ${extra} and id in (${inList(ids)})`.execute(db);
      return rows.map((row) => rowToDoc(kind, row, v.isAdmin ? undefined : PRIVATE_COLUMNS[table]));
    }),
  );
  const docs = pages.flat();
  if (collection !== 'caseRecords') return docs;
  // Case records are visible with their case: keep those of cases the caller may open.
  const allowed = new Map<string, boolean>();
  const visible: ReplicaDoc[] = [];
  for (const doc of docs) {
    const caseId = String(doc.caseId);
    if (!allowed.has(caseId)) allowed.set(caseId, await mayOpenCase(db, v, caseId));
    if (allowed.get(caseId)) visible.push(doc);
  }
  return visible;
}
