import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { JsonParametersPlugin } from './jsonParameters.ts';
import { PGliteDialect } from './pgliteDialect.ts';
import type { Database } from './schema.ts';

export type Backend = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  backend: Backend;
  /** The PostgreSQL schema holding this handle's tables, when not the default. */
  schema?: string;
  /** Only for PostgreSQL: a pool for LISTEN/NOTIFY and other session-level needs. */
  pool?: pg.Pool;
  /** Subscribes to a NOTIFY channel; answers the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const INT8 = 20;
const NUMERIC = 1700;

// Both backends return revisions and counts as JS numbers (revisions stay far below 2^53).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

export type OpenOptions =
  | { databaseUrl: string; schema?: string; poolSize?: number }
  | { dataDir: string | null };

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (null: in memory, for tests).
 * `schema` puts every table of this handle in its own PostgreSQL schema (tests use a fresh one per run).
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    if (options.schema) {
      const client = await pool.connect();
      try {
        await client.query(`create schema if not exists "${options.schema}"`);
      } finally {
        client.release();
      }
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new JsonParametersPlugin()] });
    return {
      db,
      backend: 'postgres',
      pool,
      ...(options.schema ? { schema: options.schema } : {}),
      listen: (channel, onPayload) => listenOnPool(pool, channel, onPayload),
      close: () => db.destroy(),
    };
  }
  if (options.dataDir) await fs.mkdir(path.resolve(options.dataDir), { recursive: true });
  const pglite = new PGlite(options.dataDir ? path.resolve(options.dataDir, 'pgdata') : undefined, {
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new JsonParametersPlugin()] });
  return {
    db,
    backend: 'pglite',
    // PGlite is one in-process session: notifications are delivered to its own listeners after commit.
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => db.destroy(),
  };
}

/** A dedicated connection holds the LISTEN (a pooled one would be handed to other queries). */
async function listenOnPool(pool: pg.Pool, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const client = await pool.connect();
  const handler = (message: pg.Notification) => {
    if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
  };
  client.on('notification', handler);
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return async () => {
    client.off('notification', handler);
    await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    client.release();
  };
}
