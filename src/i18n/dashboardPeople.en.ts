import type { Widen } from './en.ts';

/** The dashboard's people texts (part 1 §2 Main dashboard, §8 Dashboard messages). */
export const dashboardPeopleEn = {
  placeholder: '',
} as const;

export type DashboardPeopleCatalogue = Widen<typeof dashboardPeopleEn>;
