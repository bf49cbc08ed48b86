/**
 * The ticket light indicator (part 1 §5 and §9, part 2 §4): green, yellow or red from the share of the ticket's
 * SLA already elapsed, against its team's thresholds. Pure, so replicas recompute it offline as time passes.
 */
export type LightIndicator = 'green' | 'yellow' | 'red';

export const DEFAULT_YELLOW_THRESHOLD = 50;
export const DEFAULT_RED_THRESHOLD = 75;
/** Part 1 §5: red accepts 0 to 75 only. */
export const MAX_RED_THRESHOLD = 75;

export type TeamThresholds = { yellow?: number | null; red?: number | null };

/** Part 1 §5: empty or out-of-range values fall back to the defaults (yellow 0–100 → 50, red 0–75 → 75). */
export function effectiveThresholds(team: TeamThresholds | null | undefined): { yellow: number; red: number } {
  const yellow = team?.yellow;
  const red = team?.red;
  return {
    yellow: typeof yellow === 'number' && Number.isFinite(yellow) && yellow >= 0 && yellow <= 100 ? yellow : DEFAULT_YELLOW_THRESHOLD,
    red: typeof red === 'number' && Number.isFinite(red) && red >= 0 && red <= MAX_RED_THRESHOLD ? red : DEFAULT_RED_THRESHOLD,
  };
}

/** Percentage of the SLA window [createdAt, dueAt] that has elapsed at `now` (0 when the window is empty). */
export function elapsedShare(createdAtMs: number, dueAtMs: number, nowMs: number): number {
  const window = dueAtMs - createdAtMs;
  if (!(window > 0)) return nowMs >= dueAtMs ? 100 : 0;
  return Math.max(0, ((nowMs - createdAtMs) / window) * 100);
}

/** Red at or above the red threshold, yellow at or above the yellow one, else green. */
export function lightIndicator(
  ticket: { createdAtMs: number; dueAtMs: number | null },
  team: TeamThresholds | null | undefined,
  nowMs: number,
): LightIndicator {
  if (ticket.dueAtMs === null) return 'green';
  const share = elapsedShare(ticket.createdAtMs, ticket.dueAtMs, nowMs);
  const { yellow, red } = effectiveThresholds(team);
  if (share >= red) return 'red';
  if (share >= yellow) return 'yellow';
  return 'green';
}

/** Part 2 §4: the condition labels of ticket lists. */
export const LIGHT_INDICATOR_LABELS: Record<LightIndicator, string> = {
  green: 'On time',
  yellow: 'Warning',
  red: 'Running late',
};
