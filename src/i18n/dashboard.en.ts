import type { Widen } from './en.ts';

/** The main dashboard's own texts (part 1 §2 Main dashboard, §8 Dashboard messages, §9 timespan filter). */
export const dashboardEn = {
  title: 'Dashboard',
  noData: 'No data available!',
  loading: 'Loading the dashboard…',
  failed: 'The dashboard could not be read from this device.',
  sample: {
    label: 'Sample data',
    type: 'Sample type {{n}}',
    note: 'This workspace has no cases yet, so the distribution shows sample figures, not real ones.',
  },
  timespan: {
    label: 'Timespan',
    options: { '1': '24 hours', '2': '7 days', '3': '30 days', '4': '90 days', '5': 'Custom range' },
    from: 'From',
    to: 'To',
  },
  freshness: {
    asOf: 'Figures as of {{date}}',
    none: 'No figures have arrived on this device yet.',
    offline: 'Offline: figures as of {{date}}, last synced {{synced}}',
    offlineAsOf: 'Offline: figures as of {{date}}',
    offlineNever: 'Offline: these figures have not synced yet',
    arriving: 'Figures are still arriving…',
  },
  typePanel: {
    title: 'Case types and states',
    types: 'Case types',
    states: 'States of {{type}}',
    noTypes: 'No case types found',
    noStates: 'No case states found for this type',
    pick: 'Choose a case type to see its states.',
    noState: 'No state',
    activity: 'Activity',
    activityLabel: 'Activity of {{type}}',
    cases_one: '{{count}} case',
    cases_other: '{{count}} cases',
  },
} as const;

export type DashboardCatalogue = Widen<typeof dashboardEn>;
