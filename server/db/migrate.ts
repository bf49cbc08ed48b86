import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResult } from 'kysely/migration';
import * as core from './migrations/001_core.ts';
import * as domain from './migrations/002_domain.ts';
import * as syncNotify from './migrations/003_sync_notify.ts';
import * as pullOrder from './migrations/004_pull_order.ts';
import * as mutationFaults from './migrations/005_mutation_faults.ts';
import * as syncNotifyKeys from './migrations/006_sync_notify_keys.ts';
import * as workspaceChatLink from './migrations/007_workspace_chat_link.ts';
import * as flowVersions from './migrations/008_flow_versions.ts';
import * as contactAnswers from './migrations/009_contact_answers.ts';
import * as envelopes from './migrations/010_envelopes.ts';
import * as dashboardAggregates from './migrations/011_dashboard_aggregates.ts';
import * as batchExecution from './migrations/012_batch_execution.ts';
import * as frontdesk from './migrations/013_frontdesk.ts';
import * as traceIndexes from './migrations/014_trace_indexes.ts';
import * as templateVersions from './migrations/015_template_versions.ts';
import * as rateLimits from './migrations/016_rate_limits.ts';
import type { Database } from './schema.ts';

/** Migrations in order. Static imports keep them in the bundle-free server and make a missing file a type error. */
const migrations: Record<string, Migration> = {
  '001_core': core,
  '002_domain': domain,
  '003_sync_notify': syncNotify,
  '004_pull_order': pullOrder,
  '005_mutation_faults': mutationFaults,
  '006_sync_notify_keys': syncNotifyKeys,
  '007_workspace_chat_link': workspaceChatLink,
  '008_flow_versions': flowVersions,
  '009_contact_answers': contactAnswers,
  '010_envelopes': envelopes,
  '011_dashboard_aggregates': dashboardAggregates,
  '012_batch_execution': batchExecution,
  '013_frontdesk': frontdesk,
  '014_trace_indexes': traceIndexes,
  '015_template_versions': templateVersions,
  '016_rate_limits': rateLimits,
};

/** The newest migration's name: a database whose bookkeeping names it is up to date. */
export const LATEST_MIGRATION = Object.keys(migrations).at(-1)!;

export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string | undefined,
    override readonly cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Database migration ${migrationName ?? '(runner)'} failed: ${reason}`);
  }
}

/** Applies every pending migration in one go; throws MigrationFailedError naming the migration that failed. */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new MigrationFailedError(failed?.migrationName, error);
  }
  return results ?? [];
}
