import type { SyncedCollection } from './collections.ts';

/**
 * Inbox first on a cold device: a fresh device pulls what the inbox needs first (the account and configuration,
 * then the tickets, and the records of a case a screen opened), then everything else in the background. A
 * collection is `loaded` once its feed has been pulled to the end on this device; until then screens that count
 * or list it say it is still loading rather than showing partial figures as final.
 */
export const PULL_PRIORITY: readonly SyncedCollection[] = ['config', 'tickets', 'caseRecords', 'cases', 'runs'];

/**
 * Pull targets are collection names, or `<collection>|<scope>` for a scope a screen opened (a case's records, a
 * trace page): a screen waits for every scope, so each ranks with an opened case's records, before the whole
 * cases and runs feeds a cold device is still loading.
 */
const rankOf = (target: string) => PULL_PRIORITY.indexOf(target.includes('|') ? 'caseRecords' : (target as SyncedCollection));

/** The most urgent of the wanted pulls (the first asked for among equals). */
export function nextPullTarget(wanted: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const target of wanted) if (best === undefined || rankOf(target) < rankOf(best)) best = target;
  return best;
}

/** Is something more urgent than `current` waiting? Then a long pass of `current` gives way between pages. */
export function outranked(wanted: Iterable<string>, current: string): boolean {
  for (const target of wanted) if (rankOf(target) < rankOf(current)) return true;
  return false;
}

/** The collections without which the inbox cannot be used: it is interactive once these are loaded. */
export const INBOX_COLLECTIONS: readonly SyncedCollection[] = ['config', 'tickets'];

/** The first pull of a collection on this device, in progress: documents written so far of those the server counted. */
export type LoadProgress = { collection: SyncedCollection; received: number; total: number | null };

/** Whole percent of a first load, never 100 before the feed's end (the server's count was taken at its start). */
export function loadPercent(progress: LoadProgress): number | null {
  if (progress.total === null || progress.total <= 0) return null;
  return Math.min(99, Math.floor((progress.received / progress.total) * 100));
}

/** True once every named collection has been pulled to the end at least once on this device. */
export function allLoaded(loaded: readonly SyncedCollection[], needed: readonly SyncedCollection[]): boolean {
  return needed.every((collection) => loaded.includes(collection));
}
