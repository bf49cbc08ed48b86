import { addRxPlugin, createRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import type { ReplicaCollection } from '../domain/sync/collections.ts';
import { CASES_MIGRATIONS, REPLICA_SCHEMAS } from './replicaSchema.ts';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBLocalDocumentsPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are typed per kind by the readers
export type ReplicaCollections = Record<ReplicaCollection, RxCollection<any>>;
export type ReplicaDatabase = RxDatabase<ReplicaCollections>;

/** One replica database per signed-in user, so two accounts on one browser never share data. */
export const replicaName = (userId: string) => `replica_${userId.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;

/**
 * Opens (or creates) the replica: the same database is opened by the page and by the sync worker of every tab
 * (multiInstance), which is how a write in one realm shows up in the others.
 */
export async function openReplica(name: string, storage: RxStorage<unknown, unknown>): Promise<ReplicaDatabase> {
  const db = await createRxDatabase<ReplicaCollections>({
    name,
    storage,
    multiInstance: true,
    eventReduce: true,
    localDocuments: true,
    // Counters (open tickets, apps, batches) count on indexed fields; the rest are small enough to scan.
    allowSlowCount: true,
  });
  await db.addCollections(
    Object.fromEntries(
      Object.entries(REPLICA_SCHEMAS).map(([collection, schema]) => [
        collection,
        { schema, localDocuments: true, ...(collection === 'cases' ? { migrationStrategies: CASES_MIGRATIONS } : {}) },
      ]),
    ),
  );
  return db;
}
