import type { BusinessCalendar } from './eventRules.ts';

/**
 * The apps list of part 1 §2 and §9: apps grouped by engine, the name search, the six card colours, and the
 * statistics a card's footer shows. Pure, so the list's rules are tested without a browser.
 */

/** Part 1 §9: the six app card colours, in order (the spec repeats the last one). */
export const APP_CARD_COLORS = ['#96AFD3', '#87A0B2', '#8796A7', '#868C9C', '#BFD3C1', '#BFD3C1'] as const;

/** The colour of the card at a position of the list (0-based): the six colours cycle. */
export const appCardColor = (index: number): string => APP_CARD_COLORS[((index % APP_CARD_COLORS.length) + APP_CARD_COLORS.length) % APP_CARD_COLORS.length]!;

/** Part 1 §2: the search is a case-insensitive "contains" on the app's name; blank matches every app. */
export function matchesAppSearch(name: string, query: string): boolean {
  const wanted = query.trim().toLocaleLowerCase();
  return wanted === '' || name.toLocaleLowerCase().includes(wanted);
}

export type ListedApp = { id: string; name: string; engineId: string; createdAt: number };
export type ListedEngine = { id: string; name: string };
export type AppGroup<A extends ListedApp> = { engineId: string; engineName: string | null; apps: A[] };

/**
 * The apps that match the search, grouped by engine: groups by engine name (an engine the replica does not hold
 * last, unnamed), apps by name within a group.
 */
export function groupAppsByEngine<A extends ListedApp>(apps: readonly A[], engines: readonly ListedEngine[], query: string): AppGroup<A>[] {
  const names = new Map(engines.map((engine) => [engine.id, engine.name]));
  const groups = new Map<string, AppGroup<A>>();
  for (const app of apps) {
    if (!matchesAppSearch(app.name, query)) continue;
    const group = groups.get(app.engineId) ?? { engineId: app.engineId, engineName: names.get(app.engineId) ?? null, apps: [] };
    group.apps.push(app);
    groups.set(app.engineId, group);
  }
  const ordered = [...groups.values()].sort((a, b) => {
    if (a.engineName === null || b.engineName === null) return a.engineName === null ? (b.engineName === null ? 0 : 1) : -1;
    return a.engineName.localeCompare(b.engineName);
  });
  for (const group of ordered) group.apps.sort((a, b) => a.name.localeCompare(b.name) || a.createdAt - b.createdAt);
  return ordered;
}

export type AppStatistics = { activeDays: number; instances: number; executed: number };

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/** Part 1 §3 statistics {active, appsInstances, executedPoints}, read defensively: a missing figure is 0. */
export function appStatistics(statistics: unknown): AppStatistics {
  const raw = typeof statistics === 'object' && statistics !== null ? (statistics as Record<string, unknown>) : {};
  return { activeDays: count(raw.active), instances: count(raw.appsInstances), executed: count(raw.executedPoints) };
}

/** Part 1 §2: App History is offered only when the app has run at least once. */
export const showsAppHistory = (statistics: unknown) => appStatistics(statistics).instances > 0;

/** A calendar document's business days as the scheduler reads them (JSON fields read defensively). */
export function businessCalendarOf(calendar: { timeZone: string; workingWeekdays: unknown; holidays: unknown }): BusinessCalendar {
  const weekdays = Array.isArray(calendar.workingWeekdays) ? calendar.workingWeekdays.filter((d): d is number => Number.isInteger(d) && d >= 0 && d <= 6) : [];
  const holidays = Array.isArray(calendar.holidays) ? calendar.holidays.filter((d): d is string => typeof d === 'string') : [];
  return { timeZone: calendar.timeZone, workingWeekdays: weekdays, holidays };
}

/** Where [EVENT_NAME] sits in the default event name, so the form can select it for the user to type over. */
export const EVENT_NAME_PLACEHOLDER = '[EVENT_NAME]';

/**
 * The engines a new app may go on (part 1 §5, the services' rule): active ones, and for anyone but an
 * administrator only those the user is authorised on (an engine-user link).
 */
export function creatableEngines<E extends { id: string; isActive: boolean }>(
  engines: readonly E[],
  links: readonly { engineId: string; userId: string }[],
  userId: string,
  isAdmin: boolean,
): E[] {
  const authorised = new Set(links.filter((link) => link.userId === userId).map((link) => link.engineId));
  return engines.filter((engine) => engine.isActive && (isAdmin || authorised.has(engine.id)));
}
