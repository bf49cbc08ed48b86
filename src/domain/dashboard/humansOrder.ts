/**
 * The order and the fold of the Humans status card (part 1 §2): a workspace can list dozens of humans, so those who
 * most need attention come first (most tickets running late, then most tickets, then by name) and the card shows
 * the first few until asked for all.
 */
import type { HumanStats } from './ticketHealth.ts';

/** How many humans the card shows before 'Show all'. */
export const HUMANS_FOLDED = 8;

type Ranked = { name: string; stats: Pick<HumanStats, 'summary'> };

export function byMostRed<H extends Ranked>(humans: readonly H[]): H[] {
  return [...humans].sort(
    (a, b) =>
      b.stats.summary.lightIndicators.red - a.stats.summary.lightIndicators.red ||
      b.stats.summary.totalTickets - a.stats.summary.totalTickets ||
      a.name.localeCompare(b.name),
  );
}

/** The humans shown and whether a 'Show all' / 'Show fewer' toggle is needed. */
export function foldHumans<H>(sorted: readonly H[], expanded: boolean, limit = HUMANS_FOLDED): { shown: readonly H[]; foldable: boolean } {
  const foldable = sorted.length > limit;
  return { shown: foldable && !expanded ? sorted.slice(0, limit) : sorted, foldable };
}
