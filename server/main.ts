import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { startAutoAnalyze } from './db/autoAnalyze.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemoWorkspace } from './db/seed/demoSeed.ts';
import { createEngine, stageSettingsOf } from './engine/engine.ts';
import { createMailer } from './mail/mailer.ts';
import { startChangeBus } from './sync/changeBus.ts';

/** How often PGlite's planner statistics are checked (PostgreSQL's autovacuum wakes every minute too). */
const AUTO_ANALYZE_MS = 60_000;

/** config → database → migrations → seed → app.listen. Any failure before listening stops the process with a reason. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\nThe server did not start; the database was left as it was before the failed migration.\n`);
    await handle.close();
    process.exit(1);
  }
  const seed = config.seedDemo ? await seedDemoWorkspace(handle.db) : { seeded: false };

  const changeBus = await startChangeBus(handle);
  const app = await buildApp({ db: handle.db, backend: handle.backend, config, changeBus, ...(handle.pool ? { pool: handle.pool } : {}) });
  // PostgreSQL keeps its planner statistics itself; PGlite has no autovacuum, so the server does that part.
  const autoAnalyze =
    handle.backend === 'pglite'
      ? startAutoAnalyze(handle.db, { intervalMs: AUTO_ANALYZE_MS, onError: (error) => app.log.warn({ err: error }, 'analyze of changed tables failed') })
      : null;
  const engine = createEngine({
    db: handle.db,
    mailer: createMailer({ db: handle.db, smtpUrl: config.smtpUrl, from: config.mailFrom, dropDir: config.mailDropDir, log: app.log }),
    log: app.log.child({ module: 'engine' }),
    settings: stageSettingsOf(config),
    pollMs: config.enginePollMs,
    leaseMs: config.engineLeaseMs,
    batchSize: config.engineBatchSize,
    // Names the process holding a job (jobs.locked_by) when several serve one database.
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    onPoll: (result) => app.metrics.enginePolled(result),
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever hangs, the process is gone after the timeout; a load balancer has sent its clients elsewhere by then.
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      // Together: the listener closes (live streams end with a reconnect hint, requests in flight finish, new ones
      // get 503) while the engine finishes its batch or, after half the timeout, releases the jobs still running.
      await Promise.all([app.close(), engine.stop(config.shutdownTimeoutMs / 2)]);
      await changeBus.stop();
      await autoAnalyze?.stop();
      await handle.close();
    } catch (error) {
      app.log.error({ err: error }, 'graceful shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  if (config.engineEnabled) engine.start();
  const where = handle.backend === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Workflow Console is serving on ${address.replace('0.0.0.0', 'localhost')} (database: ${where})`,
    `Started in ${Math.round(performance.now() - started)} ms${seed.seeded ? ' (demo workspace seeded)' : ''}.`,
  ];
  if (config.seedDemo) {
    lines.push('Demo sign-in:');
    for (const account of DEMO_ACCOUNTS.filter((a) => a.status === 0)) {
      lines.push(`  ${account.role.padEnd(6)} ${account.username} / ${account.password}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
