import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Backend, type DatabaseHandle } from '../../../server/db/connection.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

let probed: Promise<string | null> | undefined;

/** The PostgreSQL to test against: DATABASE_URL, else the local `test` database if it answers within 2 s. */
export function reachablePostgresUrl(): Promise<string | null> {
  probed ??= (async () => {
    const url = process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return url;
    } catch {
      if (process.env.DATABASE_URL) throw new Error(`DATABASE_URL is set but PostgreSQL does not answer at it`);
      return null;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return probed;
}

/** The backends every integration test runs on: PGlite always, PostgreSQL when reachable. */
export async function testBackends(): Promise<Backend[]> {
  return (await reachablePostgresUrl()) ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Test files share one PostgreSQL database, each in its own schema. Kysely's migrator looks for its tables across
 * every schema, naming each one, so a schema another file drops at that moment fails the migration ('schema … does
 * not exist'). Migrations hold this advisory lock shared and schema drops hold it alone.
 */
const SCHEMA_DROP_LOCK = 7_140_001;

async function withAdvisoryLock<T>(url: string, mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const suffix = mode === 'shared' ? '_shared' : '';
  try {
    await client.query(`select pg_advisory_lock${suffix}($1)`, [SCHEMA_DROP_LOCK]);
    return await work();
  } finally {
    await client.query(`select pg_advisory_unlock${suffix}($1)`, [SCHEMA_DROP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/** Migrates a test database to the latest schema; on PostgreSQL while no other test file drops its schema. */
export async function migrateTestDatabase(handle: DatabaseHandle): Promise<void> {
  const url = handle.backend === 'postgres' ? await reachablePostgresUrl() : null;
  const migrate = async () => void (await migrateToLatest(handle.db, handle.schema));
  await (url ? withAdvisoryLock(url, 'shared', migrate) : migrate());
}

/**
 * A fresh, empty database: in-memory PGlite, or a new schema in PostgreSQL that close() drops again.
 */
export async function openTestDatabase(backend: Backend, poolSize = 10): Promise<DatabaseHandle> {
  if (backend === 'pglite') return openDatabase({ dataDir: null });
  const url = await reachablePostgresUrl();
  if (!url) throw new Error('PostgreSQL is not reachable');
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const handle = await openDatabase({ databaseUrl: url, schema, poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdvisoryLock(url, 'exclusive', async () => {
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema if exists "${schema}" cascade`).finally(() => admin.end());
      });
    },
  };
}
