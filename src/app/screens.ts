import type { ComponentType } from 'react';
import { AppsPlaceholder } from '../features/apps/AppsPlaceholder.tsx';
import { BatchesPlaceholder } from '../features/batches/BatchesPlaceholder.tsx';
import { BuilderPlaceholder } from '../features/builder/BuilderPlaceholder.tsx';
import { CasesPlaceholder } from '../features/cases/CasesPlaceholder.tsx';
import { CollectionsPlaceholder } from '../features/collections/CollectionsPlaceholder.tsx';
import { DashboardPlaceholder } from '../features/dashboard/DashboardPlaceholder.tsx';
import { FlowsPlaceholder } from '../features/flows/FlowsPlaceholder.tsx';
import { FrontdeskPlaceholder } from '../features/frontdesk/FrontdeskPlaceholder.tsx';
import { SettingsPlaceholder } from '../features/settings/SettingsPlaceholder.tsx';
import type { ScreenProps } from '../features/shell/ComingSoonScreen.tsx';
import { TicketDetail } from '../features/tickets/TicketDetail.tsx';
import { TicketInbox } from '../features/tickets/TicketInbox.tsx';
import { WhatsAppPlaceholder } from '../features/whatsapp/WhatsAppPlaceholder.tsx';
import type { ScreenArea } from './routes.ts';

/**
 * The screen of each area. An area replaces its placeholder here when its screens are built; a route that
 * needs a different screen than its area's list gets its own entry in `SCREEN_BY_ROUTE`.
 */
export const SCREEN_BY_AREA: Record<ScreenArea, ComponentType<ScreenProps>> = {
  dashboard: DashboardPlaceholder,
  cases: CasesPlaceholder,
  tickets: TicketInbox,
  frontdesk: FrontdeskPlaceholder,
  batches: BatchesPlaceholder,
  apps: AppsPlaceholder,
  flows: FlowsPlaceholder,
  collections: CollectionsPlaceholder,
  builder: BuilderPlaceholder,
  whatsapp: WhatsAppPlaceholder,
  settings: SettingsPlaceholder,
};

export const SCREEN_BY_ROUTE: Partial<Record<string, ComponentType<ScreenProps>>> = { ticket: TicketDetail };
