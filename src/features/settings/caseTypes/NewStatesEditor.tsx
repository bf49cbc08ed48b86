import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { NoteField } from '../../tickets/NoteField.tsx';
import type { NewStateRow } from './useCaseTypeForm.ts';
import type { StateFormErrors, StateFormValues } from './useStateForm.ts';

type Props = {
  rows: readonly NewStateRow[];
  errors: readonly StateFormErrors[];
  onChange: (index: number, change: Partial<StateFormValues>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/** A new case type's first states (part 2 §3: id, description, order, hide), one fieldset each. */
export function NewStatesEditor({ rows, errors, onChange, onAdd, onRemove }: Props) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  /** After adding or removing, the focus goes to the first field of the row that is now last (or to Add). */
  const focusLast = () => requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>('fieldset:last-of-type input')?.focus());
  return (
    <section aria-labelledby="new-states-heading" className="flex flex-col gap-3">
      <h2 id="new-states-heading" className="text-lg font-semibold text-slate-900">
        {t('caseTypes.states.heading')}
      </h2>
      <div ref={list} className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <fieldset key={row.stateId} className="grid min-w-0 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_2fr_6rem_auto_auto] sm:items-start" data-testid="new-state">
            <legend className="px-1 text-sm font-semibold text-slate-700">{t('caseTypes.states.row', { n: index + 1 })}</legend>
            <NoteField label={t('caseTypes.states.id')} value={row.key} onChange={(v) => onChange(index, { key: v })} error={errors[index]?.key} maxLength={50} />
            <NoteField label={t('caseTypes.states.description')} value={row.description} onChange={(v) => onChange(index, { description: v })} error={errors[index]?.description} maxLength={200} />
            <NoteField label={t('caseTypes.states.order')} value={row.order} onChange={(v) => onChange(index, { order: v })} error={errors[index]?.order} maxLength={4} />
            <div className="flex flex-col gap-1">
              <span className="text-sm font-semibold text-slate-800" aria-hidden="true">
                {t('caseTypes.states.hide')}
              </span>
              <span className="flex min-h-10 items-center">
                <Switch checked={row.hide} onChange={(v) => onChange(index, { hide: v })} label={`${t('caseTypes.states.row', { n: index + 1 })}: ${t('caseTypes.states.hideLabel')}`} />
              </span>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start sm:mt-7"
              aria-label={t('caseTypes.states.removeNamed', { n: index + 1 })}
              onClick={() => {
                onRemove(index);
                focusLast();
              }}
            >
              {t('caseTypes.states.remove')}
            </Button>
          </fieldset>
        ))}
      </div>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => {
          onAdd();
          focusLast();
        }}
      >
        {t('caseTypes.states.add')}
      </Button>
    </section>
  );
}
