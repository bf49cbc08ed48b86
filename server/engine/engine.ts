import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createRunner, type Runner } from './runner.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import type { StageSettings } from './stages/stageTypes.ts';

export type EngineOptions = {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settings: StageSettings;
  pollMs: number;
  leaseMs?: number;
  batchSize?: number;
  now?: () => Date;
  workerId?: string;
  /** Told after each poll what it fired and ran (the process's metrics). */
  onPoll?: (result: { fired: number; ran: number }) => void;
};

export type Engine = {
  runner: Runner;
  scheduler: Scheduler;
  /** One poll: fire due cron ticks, then run one batch of due jobs. */
  tick(): Promise<{ fired: number; ran: number }>;
  /** Runs due jobs until none is left (tests and benchmarks); stops after `maxRounds`. */
  drain(maxRounds?: number): Promise<number>;
  start(): void;
  /**
   * Stops polling and waits for the batch in flight; after `graceMs` the jobs still running are released to other
   * processes (runner.releaseClaimed) instead of waited for. Answers how many were released.
   */
  stop(graceMs?: number): Promise<number>;
};

export function stageSettingsOf(config: Config): StageSettings {
  return {
    allowPrivateNetwork: config.allowPrivateNetwork,
    apiRetries: config.apiRetries,
    apiBackoffMs: config.apiBackoffMs,
    apiTimeoutMs: config.apiTimeoutMs,
    scriptTimeMs: config.scriptTimeLimitMs,
    scriptMemoryBytes: config.scriptMemoryLimitMb * 1024 * 1024,
    // The engine runs outside any request, so it cannot take the host from one as the routes do; without
    // PUBLIC_URL a link points at this machine's port, right for local use and wrong behind a proxy.
    publicBaseUrl: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, ''),
  };
}

/** How often old cron claims are dropped (server/engine/scheduler.ts). */
const PRUNE_EVERY_MS = 3_600_000;

/** The workflow engine of one server process: a scheduler and a runner polled every `pollMs`. */
export function createEngine(options: EngineOptions): Engine {
  const scheduler = createScheduler({ db: options.db, log: options.log, ...(options.now ? { now: options.now } : {}) });
  const runner = createRunner({
    db: options.db,
    mailer: options.mailer,
    log: options.log,
    settings: options.settings,
    ...(options.now ? { now: options.now } : {}),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;
  let lastPrune = 0;
  const now = options.now ?? (() => new Date());

  const tick = async () => {
    const at = now();
    if (at.getTime() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = at.getTime();
      await scheduler.prune(at);
    }
    const fired = await scheduler.tick();
    const ran = await runner.runDue();
    return { fired, ran };
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'engine poll failed');
        return { fired: 0, ran: 0 };
      })
      .then((result) => {
        const { ran } = result;
        options.onPoll?.(result);
        running = null;
        // A batch that found work means more may be waiting: poll again at once instead of after pollMs.
        if (!stopped) timer = setTimeout(loop, ran > 0 ? 0 : options.pollMs);
      });
  };

  return {
    runner,
    scheduler,
    tick,
    async drain(maxRounds = 500) {
      let total = 0;
      for (let round = 0; round < maxRounds; round += 1) {
        const ran = await runner.runDue();
        if (ran === 0) break;
        total += ran;
      }
      return total;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const inFlight = running;
      if (!inFlight) return 0;
      let graceTimer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inFlight.then(() => true),
        new Promise<boolean>((resolve) => {
          if (Number.isFinite(graceMs)) graceTimer = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(graceTimer);
      if (finished) return 0;
      const released = await runner.releaseClaimed();
      options.log.warn({ released, workerId: runner.workerId }, 'engine stopped with jobs in flight: released them to other processes');
      return released;
    },
  };
}
