import type { DashboardPeopleCatalogue } from './dashboardPeople.en.ts';

export const dashboardPeopleEs: DashboardPeopleCatalogue = {
  placeholder: '',
};
