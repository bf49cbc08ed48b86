import type { ScreenProps } from '../features/shell/ComingSoonScreen.tsx';
import type { ScreenArea } from './routes.ts';

/** A screen component of the route table; every one is loaded with its route (router.tsx), never up front. */
export type Screen = (props: ScreenProps) => React.ReactNode;
export type ScreenLoader = () => Promise<Screen>;

/**
 * The screen of each area. An area replaces its placeholder here when its screens are built; a route that
 * needs a different screen than its area's list gets its own entry in `SCREEN_BY_ROUTE`. Each is a dynamic
 * import, so each area's code (and the heavy libraries only it uses) is its own chunk.
 */
export const SCREEN_BY_AREA: Record<ScreenArea, ScreenLoader> = {
  dashboard: () => import('../features/dashboard/DashboardPlaceholder.tsx').then((m) => m.DashboardPlaceholder),
  cases: () => import('../features/cases/CasesPlaceholder.tsx').then((m) => m.CasesPlaceholder),
  tickets: () => import('../features/tickets/TicketInbox.tsx').then((m) => m.TicketInbox),
  frontdesk: () => import('../features/frontdesk/FrontdeskPlaceholder.tsx').then((m) => m.FrontdeskPlaceholder),
  batches: () => import('../features/batches/BatchesPlaceholder.tsx').then((m) => m.BatchesPlaceholder),
  apps: () => import('../features/apps/AppsPlaceholder.tsx').then((m) => m.AppsPlaceholder),
  flows: () => import('../features/flows/FlowsPlaceholder.tsx').then((m) => m.FlowsPlaceholder),
  collections: () => import('../features/collections/CollectionsPlaceholder.tsx').then((m) => m.CollectionsPlaceholder),
  builder: () => import('../features/builder/BuilderPlaceholder.tsx').then((m) => m.BuilderPlaceholder),
  whatsapp: () => import('../features/whatsapp/WhatsAppPlaceholder.tsx').then((m) => m.WhatsAppPlaceholder),
  settings: () => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen),
};

export const SCREEN_BY_ROUTE: Partial<Record<string, ScreenLoader>> = {
  ticket: () => import('../features/tickets/TicketDetail.tsx').then((m) => m.TicketDetail),
};
