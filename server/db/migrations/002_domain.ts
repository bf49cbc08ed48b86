import type { Kysely } from 'kysely';
import { casesAndRuns } from './domain/casesAndRuns.ts';
import { peopleAndApps } from './domain/peopleAndApps.ts';
import { workAndTraces } from './domain/workAndTraces.ts';

/**
 * Domain tables of both spec parts: engines, calendars, apps, events, webhooks, flows, instances, teams and
 * members, case types and states, cases and their records, tickets, batches, front-desk forms, node templates,
 * the two trace tables and the engine's job queue.
 *
 * Every table except `jobs` is replicated: it carries workspace_id, rev, deleted and timestamps, and an index on
 * (workspace_id, rev) for pulls. Rows are tombstoned, never deleted, so unique indexes skip deleted rows.
 * Ids are app-generated strings. Plain PostgreSQL 15 SQL: it runs on PGlite and on PostgreSQL alike.
 */export async function up(db: Kysely<unknown>): Promise<void> {
  // In this order: later tables reference earlier ones.
  await peopleAndApps(db);
  await casesAndRuns(db);
  await workAndTraces(db);
}
