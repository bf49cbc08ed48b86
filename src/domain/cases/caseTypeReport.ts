/**
 * The report page of one case type (part 2 §2: cards Overview, Alert, Overall, Impact). The spec names the cards
 * only, so each card's figures are ours, chosen from what the replica holds about a type's cases:
 *
 * - Overview: how many cases the type has, and how many are CREATED, in PROGRESS and COMPLETED.
 * - Alert: active cases (CREATED or PROGRESS) that nobody has changed for STALE_DAYS days or more, as a count and as
 *   a share of the active ones; the card is red from ALERT_CRITICAL_SHARE of them, yellow when there is any.
 * - Overall: the completion rate (completed of all), and of the completed ones how many were denied (the state
 *   'Denegado', which is also where a delete from the activity page puts a case) and how many resolved otherwise.
 * - Impact: cases opened and closed in the last RECENT_DAYS days, the backlog change they make, and the average
 *   resolution time (closing minus creation) of the newest RESOLUTION_SAMPLE completed cases.
 *
 * Counts come from replica counts with these selectors (never from loading every case); this module only turns
 * them into the cards' figures. Pure.
 */
import { ACTIVE_STATUSES } from './caseActivity.ts';

export const DAY_MS = 86_400_000;
export const STALE_DAYS = 7;
export const RECENT_DAYS = 7;
/** Share of the active cases, in percent, from which the Alert card turns red. */
export const ALERT_CRITICAL_SHARE = 25;
/** How many of the newest completed cases the average resolution time is taken over. */
export const RESOLUTION_SAMPLE = 100;

export type ReportCounts = {
  created: number;
  progress: number;
  completed: number;
  /** Completed cases in the 'Denegado' state. */
  denied: number;
  /** Active cases not updated for STALE_DAYS days. */
  stale: number;
  /** Cases created, and cases closed, in the last RECENT_DAYS days. */
  openedRecently: number;
  closedRecently: number;
};

export type CountKey = keyof ReportCounts;

/**
 * The replica selector behind each count. `now` is rounded by the caller (to the minute, say) so the selectors,
 * and the live counts built on them, do not change on every render. Without a denied state `denied` counts none.
 */
export function reportSelectors(caseTypeId: string, deniedStateId: string | null, now: number): Record<CountKey, Record<string, unknown>> {
  const staleBefore = now - STALE_DAYS * DAY_MS;
  const recentFrom = now - RECENT_DAYS * DAY_MS;
  return {
    created: { caseTypeId, status: 'CREATED' },
    progress: { caseTypeId, status: 'PROGRESS' },
    completed: { caseTypeId, status: 'COMPLETED' },
    denied: { caseTypeId, status: 'COMPLETED', stateId: deniedStateId ?? { $in: [] } },
    stale: { caseTypeId, status: { $in: [...ACTIVE_STATUSES] }, updatedAt: { $lt: staleBefore } },
    openedRecently: { caseTypeId, createdAt: { $gte: recentFrom } },
    closedRecently: { caseTypeId, closing: { $gte: recentFrom } },
  };
}

export type AlertLevel = 'ok' | 'warning' | 'critical';

export type CaseTypeReport = {
  overview: { total: number; created: number; progress: number; completed: number };
  alert: { stale: number; active: number; sharePercent: number; level: AlertLevel };
  overall: { completionPercent: number; completed: number; denied: number; resolved: number; deniedPercent: number };
  impact: { opened: number; closed: number; backlogChange: number; averageResolutionMs: number | null; sampled: number };
};

/** A percentage with one decimal (the dashboard's legends use one decimal too); 0 of 0 is 0. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Resolution times of completed cases: closing minus creation, skipping cases with no closing or a negative span. */
export function resolutionTimes(cases: readonly { createdAt: number; closing: number | null }[]): number[] {
  return cases.flatMap((c) => (c.closing !== null && c.closing >= c.createdAt ? [c.closing - c.createdAt] : []));
}

export function caseTypeReport(counts: ReportCounts, resolutions: readonly number[]): CaseTypeReport {
  const total = counts.created + counts.progress + counts.completed;
  const active = counts.created + counts.progress;
  const stale = Math.min(counts.stale, active);
  const sharePercent = percent(stale, active);
  const level: AlertLevel = stale === 0 ? 'ok' : sharePercent >= ALERT_CRITICAL_SHARE ? 'critical' : 'warning';
  const denied = Math.min(counts.denied, counts.completed);
  const averageResolutionMs = resolutions.length === 0 ? null : Math.round(resolutions.reduce((sum, ms) => sum + ms, 0) / resolutions.length);
  return {
    overview: { total, created: counts.created, progress: counts.progress, completed: counts.completed },
    alert: { stale, active, sharePercent, level },
    overall: { completionPercent: percent(counts.completed, total), completed: counts.completed, denied, resolved: counts.completed - denied, deniedPercent: percent(denied, counts.completed) },
    impact: {
      opened: counts.openedRecently,
      closed: counts.closedRecently,
      backlogChange: counts.openedRecently - counts.closedRecently,
      averageResolutionMs,
      sampled: resolutions.length,
    },
  };
}

/** A duration as whole days, hours and minutes, for "2 d 4 h" style labels. */
export function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
