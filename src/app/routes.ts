/**
 * The one route table of the console: part 1 §2 and part 2 §2 side by side. Each private entry carries its
 * module key, whether a missing module redirects (the gate of part 1 §6 / part 2 §6), its menu place and name,
 * and its sidebar counter. router.tsx builds the TanStack Router tree from it and the sidebar builds the menu
 * from it, so a route and its menu entry cannot drift apart. Pure data: no React here.
 */
import type { ModuleKey } from '../domain/access/modules.ts';
import { MODULE_GATES } from '../domain/access/modules.ts';
import type { SyncedCollection } from '../domain/sync/collections.ts';

export type MenuArea = 'body' | 'footer';

export type ScreenArea =
  | 'dashboard'
  | 'cases'
  | 'tickets'
  | 'frontdesk'
  | 'batches'
  | 'apps'
  | 'flows'
  | 'collections'
  | 'builder'
  | 'whatsapp'
  | 'settings';

export type CounterKey = 'openTickets' | 'apps' | 'workflows' | 'batches';

export type MenuIcon =
  | 'dashboard'
  | 'cases'
  | 'inbox'
  | 'frontdesk'
  | 'batches'
  | 'apps'
  | 'flows'
  | 'collections'
  | 'builder'
  | 'whatsapp'
  | 'settings';

export type PrivateRoute = {
  id: string;
  /** TanStack path syntax ($param). */
  path: string;
  module: ModuleKey | null;
  /** True when a missing module redirects to the module's gate page; otherwise the module only filters the menu. */
  gated: boolean;
  /** i18n key of the screen's name (menu label, placeholder title). */
  nameKey: string;
  area: ScreenArea;
  menu: { area: MenuArea; icon: MenuIcon } | null;
  counter: CounterKey | null;
  /** Where the back bar goes; detail screens only. */
  backTo: string | null;
  /** Part 1 §2: selecting the human-interaction entry clears the selected case. */
  clearsSelectedCase?: boolean;
};

const gatedBy = (module: ModuleKey) => MODULE_GATES[module] !== undefined;

function entry(
  id: string,
  path: string,
  module: ModuleKey | null,
  nameKey: string,
  area: ScreenArea,
  extra: Partial<Pick<PrivateRoute, 'menu' | 'counter' | 'backTo' | 'clearsSelectedCase'>> = {},
): PrivateRoute {
  return {
    id,
    path,
    module,
    gated: module !== null && gatedBy(module),
    nameKey,
    area,
    menu: extra.menu ?? null,
    counter: extra.counter ?? null,
    backTo: extra.backTo ?? null,
    ...(extra.clearsSelectedCase === true ? { clearsSelectedCase: true } : {}),
  };
}

const body = (icon: MenuIcon) => ({ area: 'body', icon }) as const;
const footer = (icon: MenuIcon) => ({ area: 'footer', icon }) as const;

export const PRIVATE_ROUTES: readonly PrivateRoute[] = [
  entry('dashboard', '/dashboard', 'DASHBOARD', 'menu.dashboard', 'dashboard', { menu: body('dashboard') }),
  entry('caseTypeReport', '/dashboard/$caseTypeId', 'DASHBOARD', 'menu.caseTypeReport', 'dashboard', { backTo: '/dashboard' }),
  entry('caseTypeActivity', '/dashboard/$caseTypeId/activity', 'DASHBOARD', 'menu.caseTypeActivity', 'dashboard', {
    backTo: '/dashboard#ALL',
  }),
  entry('cases', '/cases', 'CASES', 'menu.cases', 'cases', { menu: body('cases') }),
  entry('case', '/cases/$caseId', 'CASES', 'menu.case', 'cases', { backTo: '/cases' }),
  entry('tickets', '/tickets', 'HUMAN INTERFACE', 'menu.inbox', 'tickets', {
    menu: body('inbox'),
    counter: 'openTickets',
    clearsSelectedCase: true,
  }),
  entry('ticket', '/tickets/$ticketId', 'HUMAN INTERFACE', 'menu.ticket', 'tickets', { backTo: '/tickets' }),
  entry('frontdesk', '/frontdesk', 'FRONTDESK', 'menu.frontdesk', 'frontdesk', { menu: body('frontdesk') }),
  entry('batches', '/batches', 'BATCHES', 'menu.batches', 'batches', { menu: body('batches'), counter: 'batches' }),
  entry('batch', '/batches/$batchId', 'BATCHES', 'menu.batch', 'batches', { backTo: '/batches' }),
  entry('apps', '/apps', 'APPS', 'menu.apps', 'apps', { menu: body('apps'), counter: 'apps' }),
  entry('appEdit', '/apps/edit', 'APPS', 'menu.appEdit', 'apps', { backTo: '/apps' }),
  entry('appHistory', '/apps/history', 'APPS', 'menu.appHistory', 'apps', { backTo: '/apps' }),
  entry('instance', '/instances/$instanceId', 'APPS', 'menu.instance', 'apps', { backTo: '/apps/history' }),
  entry('flows', '/flows', 'MODELER', 'menu.flows', 'flows', { menu: body('flows'), counter: 'workflows' }),
  entry('flow', '/flows/flow', 'MODELER', 'menu.flow', 'flows', { backTo: '/flows' }),
  entry('collections', '/collections', 'COLLECTIONS', 'menu.collections', 'collections', { menu: body('collections') }),
  entry('builder', '/builder', 'BUILDER', 'menu.builder', 'builder', { menu: body('builder') }),
  entry('builderCreate', '/builder/$templateId/create', 'BUILDER', 'menu.templateEditor', 'builder', { backTo: '/builder' }),
  entry('builderIntegrate', '/builder/$templateId/integrate', 'BUILDER', 'menu.templateEditor', 'builder', {
    backTo: '/builder',
  }),
  entry('builderShare', '/builder/$templateId/share', 'BUILDER', 'menu.templateEditor', 'builder', { backTo: '/builder' }),
  entry('whatsapp', '/WA', 'WA', 'menu.whatsapp', 'whatsapp', { menu: footer('whatsapp') }),
  // Settings is open to every signed-in user: NORMAL users see their own profile there (part 1 §2, Settings).
  entry('settings', '/admin-info', null, 'menu.settings', 'settings', { menu: footer('settings') }),
  // Part 2 §2 case type screen, reached from Settings → Cases: /admin-info/case-types/new creates, ?mode=edit edits.
  entry('caseType', '/admin-info/case-types/$caseTypeId', null, 'menu.caseType', 'settings', { backTo: '/admin-info?tab=cases' }),
];

export const PUBLIC_PATHS = { login: '/', recovery: '/recovery', update: '/update', expired: '/expired' } as const;
export const ERROR_PATHS = { notAuthorized: '/401', notFound: '/404' } as const;
export const HOME_PATH = '/dashboard';

/** The replica reads behind each sidebar counter (part 1 §2: open tickets, apps, workflows, batches). */
export const COUNTER_QUERIES: Record<CounterKey, { collection: SyncedCollection; selector: Record<string, unknown> }> = {
  openTickets: { collection: 'tickets', selector: { state: 'open' } },
  apps: { collection: 'config', selector: { kind: 'app' } },
  workflows: { collection: 'config', selector: { kind: 'flow' } },
  batches: { collection: 'runs', selector: { kind: 'batch' } },
};

export const menuEntries = (area: MenuArea) => PRIVATE_ROUTES.filter((route) => route.menu?.area === area);

export const routeById = (id: string) => PRIVATE_ROUTES.find((route) => route.id === id);
