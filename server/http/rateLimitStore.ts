import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Expired counters are deleted at most this often per process (a full sweep of a small table). */
const PRUNE_EVERY_MS = 60_000;

type Counter = { current: number; ttl: number };
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store on PostgreSQL (migration 016), so every server process on one database counts the
 * same hits: one upsert per limited request increments the key's counter, or starts a new window when the old
 * one has ended. Fixed windows as in the plugin's memory store; continueExceeding and exponential backoff are not
 * offered (no route uses them).
 */
export function postgresRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  let lastPrune = 0;

  const prune = () => {
    if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = Date.now();
    void sql`delete from rate_limits where window_ends_at < now()`.execute(db).catch(() => {
      lastPrune = 0;
    });
  };

  const increment = async (key: string, timeWindowMs: number): Promise<Counter> => {
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limits as r (key, hits, window_ends_at)
      values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
        window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::int as ttl_ms
    `.execute(db);
    const row = rows[0];
    if (!row) throw new Error('The rate-limit counter was not written');
    prune();
    return { current: row.hits, ttl: Math.max(0, row.ttl_ms) };
  };

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** The plugin passes its options first; `namespace` is the route's prefix of every key. */
    constructor(
      _options?: unknown,
      private readonly namespace = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counter) => void, timeWindow: number): void {
      increment(`${this.namespace}${key}`, timeWindow).then(
        (counter) => callback(null, counter),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Each limited route counts on its own, as the memory store's per-route children do.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as typeof routeOptions & RouteInfo;
      const method = [routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(undefined, `${this.namespace}${method} ${routeInfo?.url ?? ''}|`);
    }
  };
}
