import type { Widen } from './en.ts';

/** The cases screens' texts (part 2 §2 Cases history, §8 'No cases found.'). */
export const casesEn = {
  history: {
    title: 'Cases history',
    tabs: 'Cases history views',
    tab: 'Cases',
    search: 'Case ID or customer ID',
    searchHint: 'Matches the start of a case ID or a customer ID, in any letter case. The search runs 3 seconds after you stop typing, or at once with Enter.',
    filters: 'Filters',
    from: 'From',
    to: 'To',
    rangeHint: 'The date range applies once both dates are chosen.',
    rangeWaiting: 'Choose the other date to filter by creation date.',
    status: 'Status',
    caseType: 'Case type',
    state: 'State',
    all: 'All',
    stateNeedsType: 'Choose a case type first',
    clear: 'Clear filters',
    group: 'Group',
    groupOf: 'of {{count}}',
    groupHint: 'Cases come in groups of 500.',
    showing: 'Cases {{first}}–{{last}} of {{total}}',
    showingCounting: 'Cases {{first}}–{{last}} of … (counting)',
    caption: 'Cases history, group {{group}}',
    columns: {
      caseId: 'Case ID',
      customerId: 'Customer ID',
      caseType: 'Case type',
      state: 'State',
      status: 'Status',
      created: 'Created',
      lastUpdate: 'Last update',
      closing: 'Closing',
      category: 'Category',
    },
    none: 'No cases found.',
    noneText: 'Try another search or fewer filters.',
    loading: 'Loading cases…',
    offline: 'Offline: showing the cases on this device, last synced {{date}}.',
    offlineNever: 'Offline: showing the cases on this device; it has not synced yet.',
    stillLoading: 'Cases are still arriving on this device: the list may be incomplete.',
    searchIsOrdered: 'Matches by case ID first, then by customer ID.',
  },
} as const;

export type CasesCatalogue = Widen<typeof casesEn>;
