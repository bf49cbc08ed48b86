import type { Widen } from './en.ts';

/** The dashboard's people texts (part 1 §2 Main dashboard, §8 Dashboard messages). */
export const dashboardPeopleEn = {
  health: { healthy: 'Healthy', warning: 'Warning', critical: 'Critical' },
  light: { green: 'On time', yellow: 'Warning', red: 'Running late' },
  ticketsWord_one: 'ticket',
  ticketsWord_other: 'tickets',
  teams: {
    title: 'Teams Tickets Status',
    titleMine: 'My Teams Status',
    loading: 'Loading team tickets…',
    failed: 'Unable to load team tickets data',
    empty: 'No teams configured',
    overall: 'Overall: {{state}}',
    totals: 'Teams by health',
    list: 'Teams',
    assigned: 'Assigned',
    unassigned: 'Unassigned',
    workload: 'Workload',
    workloadOf: 'Workload of {{team}}',
    urgent: 'Alert unassigned tickets',
  },
  humans: {
    title: 'Humans Status',
    titleMine: 'My Performance',
    loading: 'Loading humans status…',
    failed: 'Unable to load humans status data',
    failedDetail: 'The humans API is currently unavailable',
    empty: 'No humans in these teams yet',
    emptyMine: 'You are not a member of any team yet',
    totals: 'Totals',
    tickets: 'Tickets',
    performance: 'Performance: {{state}}',
    list: 'Humans, most tickets running late first',
    score: 'Score',
    scoreValue: '{{score}}%',
    category: { neutral: 'No Rating', critical: 'Critical', warning: 'Warning', healthy: 'Healthy' },
    alerted: 'High red ticket count',
    byTeam: 'Tickets by team of {{name}}',
    noTickets: 'No open tickets',
    showAll: 'Show all ({{count}})',
    showFewer: 'Show fewer',
  },
} as const;

export type DashboardPeopleCatalogue = Widen<typeof dashboardPeopleEn>;
