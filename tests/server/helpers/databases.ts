import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Backend, type DatabaseHandle } from '../../../server/db/connection.ts';

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
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    },
  };
}
