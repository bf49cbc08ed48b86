/**
 * Module keys (part 1 §1) and the route gates of part 1 §6 and part 2 §6: which missing module sends the
 * user to /401 and which to /404. Modules without a gate only decide whether the menu shows their entry.
 */
export const MODULE_KEYS = [
  'DASHBOARD',
  'CASES',
  'HUMAN INTERFACE',
  'FRONTDESK',
  'BATCHES',
  'APPS',
  'MODELER',
  'COLLECTIONS',
  'BUILDER',
  'WA',
  'ADMIN',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

export type GateTarget = '/401' | '/404';

export const MODULE_GATES: Partial<Record<ModuleKey, GateTarget>> = {
  APPS: '/401',
  COLLECTIONS: '/401',
  'HUMAN INTERFACE': '/404',
  BUILDER: '/401',
  CASES: '/401',
};

/** The module that is shown whatever the account enables (part 1 §2, Shell). */
export const ALWAYS_SHOWN_MODULE: ModuleKey = 'WA';

export const isModuleKey = (value: string): value is ModuleKey => (MODULE_KEYS as readonly string[]).includes(value);

/**
 * The server stores enabledModules as [{id}], older records as plain strings, and 'HUMANINTERFACE' without
 * the space in the user form (part 1 §6); all of them mean the same module.
 */
export function enabledModuleSet(enabledModules: unknown): ReadonlySet<ModuleKey> {
  const keys = new Set<ModuleKey>();
  if (!Array.isArray(enabledModules)) return keys;
  for (const entry of enabledModules) {
    const raw = typeof entry === 'string' ? entry : typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    if (typeof raw !== 'string') continue;
    const key = raw.trim().toUpperCase() === 'HUMANINTERFACE' ? 'HUMAN INTERFACE' : raw.trim().toUpperCase();
    if (isModuleKey(key)) keys.add(key);
  }
  return keys;
}

export type RouteAccess = { allowed: true } | { allowed: false; redirectTo: GateTarget };

/** A route with a gate needs its module; a route without one (or with no module) is open to any signed-in user. */
export function routeAccess(module: ModuleKey | null, gated: boolean, enabled: ReadonlySet<ModuleKey>): RouteAccess {
  if (module === null || !gated || enabled.has(module)) return { allowed: true };
  return { allowed: false, redirectTo: MODULE_GATES[module] ?? '/401' };
}

/**
 * Who may open every case of the workspace (the cases pull and case creation): administrators, and anyone with
 * the CASES module. Others open only the cases of their teams' tickets.
 */
export function mayOpenEveryCase(isAdmin: boolean, modules: ReadonlySet<string>): boolean {
  return isAdmin || modules.has('CASES');
}

/** Menu rule: an entry shows when its module is enabled, when it has none, or when it is WA. */
export function menuShows(module: ModuleKey | null, enabled: ReadonlySet<ModuleKey>): boolean {
  return module === null || module === ALWAYS_SHOWN_MODULE || enabled.has(module);
}
