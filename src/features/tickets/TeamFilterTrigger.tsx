import { useTranslation } from 'react-i18next';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Icon } from '../../ui/Icon.tsx';

/** The look of the team filter's button, shared by the listbox and its stand-in (TeamFilter). */
export const TEAM_FILTER_BUTTON_CLASS =
  'flex min-w-44 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-focus';
export const TEAM_FILTER_FIELD_CLASS = 'flex items-center gap-2';

type Props = { teams: readonly TeamDoc[]; selected: ReadonlySet<string> };

/** What the team filter's button shows: every team, the one team chosen, or how many are. */
export function TeamFilterTrigger({ teams, selected }: Props) {
  const { t } = useTranslation();
  const chosen = teams.filter((team) => selected.has(team.id));
  const label = chosen.length === 0 ? t('tickets.allTeams') : chosen.length === 1 ? chosen[0]!.name : t('tickets.teamsSelected', { count: chosen.length });
  return (
    <>
      <span>{label}</span>
      <Icon name="chevronDown" className="h-4 w-4 text-slate-600" />
    </>
  );
}
