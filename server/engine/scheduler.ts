import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isBusinessDay } from '../../src/domain/engine/eventRules.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { startInstance } from './instanceLifecycle.ts';
import { enqueueJob } from './jobQueue.ts';
import { engineActor } from './stageCommit.ts';
import { planStart } from './startPlan.ts';

export type SchedulerOptions = {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** A tick missed by more than this (the server was down) is skipped rather than fired late. */
  catchUpMs?: number;
};

export type Scheduler = {
  tick(at?: Date): Promise<number>;
  /** Drops the claims of cron ticks that can no longer fire; answers how many went. */
  prune(at?: Date): Promise<number>;
};

/** How long a fired tick's claim (its cron job) is kept; it must outlive the catch-up window by far. */
export const CRON_CLAIM_RETENTION_MS = 24 * 3_600_000;

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberList = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []);

/**
 * Fires cron events. Each poll looks at the latest tick of every active event (of an active app), in the time
 * zone of the event's calendar, and fires it when it falls on a working weekday that is not a holiday. A tick
 * fires once across every runner: firing inserts a job whose dedupe key is the event and the tick's instant,
 * and the instance is created in that same transaction, so a second runner finds the key taken and does nothing.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  const catchUpMs = options.catchUpMs ?? 5 * 60_000;
  const crons = new Map<string, Cron | null>();

  function cronFor(rule: string, timeZone: string): Cron | null {
    const key = `${timeZone}|${rule}`;
    if (!crons.has(key)) {
      try {
        crons.set(key, new Cron(rule, { timezone: timeZone, paused: true }));
      } catch {
        crons.set(key, null);
      }
    }
    return crons.get(key) ?? null;
  }

  async function fire(event: { id: string; app_id: string; workspace_id: string }, tick: Date, at: Date, next: Date | null): Promise<boolean> {
    const dedupeKey = `${event.id}@${tick.toISOString()}`;
    const taken = await db.selectFrom('jobs').select('id').where('kind', '=', 'cron').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
    if (taken) return false;
    const plan = await planStart(db, event.app_id);
    return withWorkspaceWrite(db, event.workspace_id, async (tx, rev) => {
      const claimed = await enqueueJob(tx, {
        workspaceId: event.workspace_id,
        kind: 'cron',
        dedupeKey,
        runAt: tick,
        doneAt: at,
        payload: { eventId: event.id, tick: tick.toISOString() },
      });
      if (!claimed) return false;
      const ctx = { tx, rev, actor: engineActor(event.workspace_id), now: at };
      if (!plan?.graph || !plan.graph.some((s) => s.nodeType === 'start')) {
        await tx.updateTable('jobs').set({ last_error: "The app's workflow has no start stage to run" }).where('id', '=', claimed).execute();
        log.warn({ eventId: event.id }, 'cron tick skipped: the app has no runnable workflow');
        return true;
      }
      await startInstance(ctx, { app: plan.app, eventId: event.id, graph: plan.graph, caseTypeId: plan.caseTypeId, values: { eventId: event.id, firedAt: tick.toISOString() } });
      await tx.updateTable('events').set({ last_fired_at: tick, next_fire_at: next, rev, updated_at: at }).where('id', '=', event.id).execute();
      return true;
    });
  }

  return {
    /**
     * A cron job exists only to claim its tick, and a tick older than the catch-up window is never fired again, so
     * claims older than a day are dropped: an every-minute event would otherwise add 525,600 rows a year.
     */
    async prune(at = now()) {
      const before = new Date(at.getTime() - Math.max(CRON_CLAIM_RETENTION_MS, 2 * catchUpMs));
      const result = await db.deleteFrom('jobs').where('kind', '=', 'cron').where('done_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async tick(at = now()) {
      const events = await db
        .selectFrom('events')
        .innerJoin('apps', 'apps.id', 'events.app_id')
        .leftJoin('calendars', (join) => join.onRef('calendars.id', '=', 'events.calendar_id').on('calendars.deleted', '=', false))
        .select([
          'events.id',
          'events.app_id',
          'events.workspace_id',
          'events.cron_rule',
          'events.updated_at',
          'calendars.id as calendarId',
          'calendars.time_zone',
          'calendars.working_weekdays',
          'calendars.holidays',
        ])
        .where('events.cron_rule', 'is not', null)
        .where('events.is_active', '=', true)
        .where('events.deleted', '=', false)
        .where('apps.is_active', '=', true)
        .where('apps.deleted', '=', false)
        .execute();
      let fired = 0;
      for (const event of events) {
        const timeZone = event.time_zone ?? 'UTC';
        const cron = event.cron_rule ? cronFor(event.cron_rule, timeZone) : null;
        const tick = cron?.previousRuns(1, at)[0];
        if (!cron || !tick) continue;
        // Not a tick from before the event's last change (creation, activation), nor one missed long ago.
        if (tick.getTime() < event.updated_at.getTime() || at.getTime() - tick.getTime() > catchUpMs) continue;
        if (event.calendarId) {
          const calendar = { timeZone, workingWeekdays: numberList(event.working_weekdays), holidays: stringList(event.holidays) };
          if (!isBusinessDay(tick, calendar)) continue;
        }
        try {
          if (await fire(event, tick, at, cron.nextRun(tick))) fired += 1;
        } catch (error) {
          log.error({ err: error, eventId: event.id }, 'cron firing failed');
        }
      }
      return fired;
    },
  };
}
