import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDoc } from '../../domain/sync/documents.gen.ts';
import { TEAM_FILTER_BUTTON_CLASS, TEAM_FILTER_FIELD_CLASS, TeamFilterTrigger } from './TeamFilterTrigger.tsx';

export type TeamFilterProps = { teams: readonly TeamDoc[]; selected: ReadonlySet<string>; onChange: (teamIds: ReadonlySet<string>) => void };

/**
 * The inbox's team multi-select; an empty selection means every team. Loaded when first used (TeamFilter):
 * `openOnMount` opens it as it appears, for the press on its stand-in that brought it.
 */
export function TeamFilterListbox({ teams, selected, onChange, openOnMount = false }: TeamFilterProps & { openOnMount?: boolean }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const [openAtOnce] = useState(openOnMount);
  useEffect(() => {
    if (openAtOnce) button.current?.click();
  }, [openAtOnce]);
  const value = teams.filter((team) => selected.has(team.id)).map((team) => team.id);
  return (
    <Field className={TEAM_FILTER_FIELD_CLASS}>
      <Label className="sr-only">{t('tickets.teams')}</Label>
      <Listbox value={value} onChange={(ids: string[]) => onChange(new Set(ids))} multiple>
        <ListboxButton ref={button} data-testid="team-filter" className={TEAM_FILTER_BUTTON_CLASS}>
          <TeamFilterTrigger teams={teams} selected={selected} />
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
