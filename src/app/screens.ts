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
  dashboard: () => import('../features/dashboard/main/DashboardScreen.tsx').then((m) => m.DashboardScreen),
  cases: () => import('../features/cases/CasesHistoryScreen.tsx').then((m) => m.CasesHistoryScreen),
  tickets: () => import('../features/tickets/TicketInbox.tsx').then((m) => m.TicketInbox),
  frontdesk: () => import('../features/frontdesk/FrontdeskScreen.tsx').then((m) => m.FrontdeskScreen),
  batches: () => import('../features/batches/BatchesScreen.tsx').then((m) => m.BatchesScreen),
  apps: () => import('../features/apps/AppsScreen.tsx').then((m) => m.AppsScreen),
  flows: () => import('../features/flows/FlowsScreen.tsx').then((m) => m.FlowsScreen),
  collections: () => import('../features/collections/CollectionsScreen.tsx').then((m) => m.CollectionsScreen),
  builder: () => import('../features/builder/BuilderScreen.tsx').then((m) => m.BuilderScreen),
  whatsapp: () => import('../features/whatsapp/WhatsAppScreen.tsx').then((m) => m.WhatsAppScreen),
  settings: () => import('../features/settings/SettingsScreen.tsx').then((m) => m.SettingsScreen),
};

export const SCREEN_BY_ROUTE: Partial<Record<string, ScreenLoader>> = {
  cases: () => import('../features/cases/CasesHistoryScreen.tsx').then((m) => m.CasesHistoryScreen),
  case: () => import('../features/cases/CaseDetailScreen.tsx').then((m) => m.CaseDetailScreen),
  ticket: () => import('../features/tickets/TicketDetail.tsx').then((m) => m.TicketDetail),
  appEdit: () => import('../features/apps/AppEditScreen.tsx').then((m) => m.AppEditScreen),
  appHistory: () => import('../features/apps/AppHistoryScreen.tsx').then((m) => m.AppHistoryScreen),
  caseType: () => import('../features/settings/caseTypes/CaseTypeScreen.tsx').then((m) => m.CaseTypeScreen),
  batch: () => import('../features/batches/BatchDetailScreen.tsx').then((m) => m.BatchDetailScreen),
  instance: () => import('../features/apps/InstanceScreen.tsx').then((m) => m.InstanceScreen),
  // The modeler is its own chunk, with @xyflow/react and its styles: no other route loads them.
  flow: () => import('../features/flows/modeler/FlowModelerScreen.tsx').then((m) => m.FlowModelerScreen),
  caseTypeReport: () => import('../features/dashboard/CaseTypeReportScreen.tsx').then((m) => m.CaseTypeReportScreen),
  // The spec's three editor routes show the same human-interface builder.
  builderCreate: () => import('../features/builder/HumanInterfaceBuilder.tsx').then((m) => m.HumanInterfaceBuilder),
  builderIntegrate: () => import('../features/builder/HumanInterfaceBuilder.tsx').then((m) => m.HumanInterfaceBuilder),
  builderShare: () => import('../features/builder/HumanInterfaceBuilder.tsx').then((m) => m.HumanInterfaceBuilder),
  caseTypeActivity: () => import('../features/dashboard/CaseActivityScreen.tsx').then((m) => m.CaseActivityScreen),
};
