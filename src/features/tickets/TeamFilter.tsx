import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { Icon } from '../../ui/Icon.tsx';

type Props = { teams: readonly TeamDoc[]; selected: ReadonlySet<string>; onChange: (teamIds: ReadonlySet<string>) => void };

/** The inbox's team multi-select; an empty selection means every team. */
export function TeamFilter({ teams, selected, onChange }: Props) {
  const { t } = useTranslation();
  const value = teams.filter((team) => selected.has(team.id)).map((team) => team.id);
  const label = value.length === 0 ? t('tickets.allTeams') : value.length === 1 ? (teams.find((team) => team.id === value[0])?.name ?? '') : t('tickets.teamsSelected', { count: value.length });
  return (
    <Field className="flex items-center gap-2">
      <Label className="sr-only">{t('tickets.teams')}</Label>
      <Listbox value={value} onChange={(ids: string[]) => onChange(new Set(ids))} multiple>
        <ListboxButton
          data-testid="team-filter"
          className="flex min-w-44 items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-focus"
        >
          <span>{label}</span>
          <Icon name="chevronDown" className="h-4 w-4 text-slate-600" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className="z-40 mt-1 min-w-(--button-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
          {teams.map((team) => (
            <ListboxOption key={team.id} value={team.id} className="group flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 data-focus:bg-slate-100">
              <span className="inline-flex h-4 w-4 items-center justify-center rounded border border-slate-400 text-[10px] group-data-selected:bg-brand group-data-selected:text-white">
                <span className="invisible group-data-selected:visible">✓</span>
              </span>
              {team.name}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
