import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LINK_BUTTON } from '../../apps/linkClasses.ts';
import type { Slice } from './dashboardTypes.ts';

type Props = { types: Slice[]; statesOf: (typeId: string) => Slice[]; selectedTypeId: string | null; onSelectType: (typeId: string | null) => void; sample: boolean };

/**
 * Part 1 §2 case type / state panel: the case types with their open cases; choosing one lists its states and, when
 * the type has cases, offers 'Activity' (/dashboard/{typeId}/activity).
 */
export function CaseTypeStatePanel({ types, statesOf, selectedTypeId, onSelectType, sample }: Props) {
  const { t, i18n } = useTranslation();
  const selected = sample ? undefined : types.find((type) => type.id === selectedTypeId);
  const states = selected ? statesOf(selected.id) : [];
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <section aria-labelledby="type-panel-title" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-card="type-panel">
      <h2 id="type-panel-title" className="text-lg font-semibold text-slate-900">
        {t('dashboard.typePanel.title')}
      </h2>
      {types.length === 0 || sample ? (
        <p className="text-slate-600">{t('dashboard.typePanel.noTypes')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="text-sm font-semibold text-slate-700">{t('dashboard.typePanel.types')}</h3>
            <ul className="flex flex-col gap-1">
              {types.map((type) => (
                <li key={type.id}>
                  <button
                    type="button"
                    aria-pressed={type.id === selected?.id}
                    onClick={() => onSelectType(type.id === selected?.id ? null : type.id)}
                    className="flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm text-slate-800 hover:bg-slate-100 aria-pressed:bg-blue-50 aria-pressed:font-semibold focus-visible:outline-2 focus-visible:outline-focus"
                    data-type-id={type.id}
                  >
                    <span className="min-w-0 break-words">{type.name}</span>
                    <span className="shrink-0 tabular-nums" data-field="count">{number(type.count)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex min-w-0 flex-col gap-1" aria-live="polite">
            {selected === undefined ? (
              <p className="text-sm text-slate-600">{t('dashboard.typePanel.pick')}</p>
            ) : (
              <>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold text-slate-700">{t('dashboard.typePanel.states', { type: selected.name })}</h3>
                  {selected.count > 0 && (
                    <Link to="/dashboard/$caseTypeId/activity" params={{ caseTypeId: selected.id }} hash={selected.id} className={LINK_BUTTON} aria-label={t('dashboard.typePanel.activityLabel', { type: selected.name })}>
                      {t('dashboard.typePanel.activity')}
                    </Link>
                  )}
                </div>
                {states.length === 0 ? (
                  <p className="text-sm text-slate-600">{t('dashboard.typePanel.noStates')}</p>
                ) : (
                  <ul className="flex flex-col gap-1" data-testid="type-panel-states">
                    {states.map((state) => (
                      <li key={state.id} className="flex items-center justify-between gap-2 px-2 py-1 text-sm text-slate-800" data-state-id={state.id}>
                        <span className="min-w-0 break-words">{state.name}</span>
                        <span className="shrink-0 tabular-nums" data-field="count">{number(state.count)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
