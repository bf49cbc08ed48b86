import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { useGenerateForm } from './useGenerateForm.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';

type Props = { app: AppDoc | null; onClose: () => void };

/** Part 1 §2 'generate instances': a modal on the Apps list that starts N runs of an app, to test its flow. */
export function GenerateInstancesDialog({ app, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={app !== null} onClose={onClose} title={app === null ? '' : t('apps.generate.title', { name: app.name })} wide>
      {app !== null && <GenerateForm key={app.id} app={app} onClose={onClose} />}
    </Dialog>
  );
}

const INPUT = 'w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus';

function GenerateForm({ app, onClose }: { app: AppDoc; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, set, setRow, addRow, removeRow, errors, refusal, busy, submit } = useGenerateForm(app.id, onClose);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-slate-700">{t('apps.generate.intro')}</p>
      {!app.isActive && (
        <p role="alert" className="rounded-lg bg-yellow-50 p-2 text-sm text-yellow-900">
          {t('apps.generate.inactive')}
        </p>
      )}
      <div className="max-w-48">
        <NoteField label={t('apps.generate.count')} value={form.count} onChange={(count) => set({ count })} error={errors.count} maxLength={3} autoFocus />
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">{t('apps.generate.mode')}</legend>
        <div className="flex flex-wrap gap-4">
          {(['rows', 'json'] as const).map((mode) => (
            <label key={mode} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-mode`} className="h-4 w-4 accent-brand" checked={form.mode === mode} onChange={() => set({ mode })} />
              {t(`apps.generate.${mode}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {form.mode === 'rows' ? (
        <div className="flex flex-col gap-2">
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {t('apps.generate.valueHint')}
          </p>
          <ul className="flex flex-col gap-2">
            {form.rows.map((row, index) => {
              const error = errors.rows[index];
              const errorId = `${id}-row-${index}-error`;
              return (
                <li key={index} className="flex min-w-0 flex-col gap-1">
                  <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
                    <label className="flex min-w-0 flex-col gap-1 text-xs font-semibold text-slate-700">
                      {t('apps.generate.name')} {index + 1}
                      <input
                        className={`${INPUT} ${error === undefined ? 'border-slate-300' : 'border-red-700'}`}
                        value={row.name}
                        maxLength={100}
                        aria-invalid={error !== undefined}
                        aria-describedby={error === undefined ? undefined : errorId}
                        onChange={(e) => setRow(index, { name: e.target.value })}
                      />
                    </label>
                    <label className="flex min-w-0 flex-col gap-1 text-xs font-semibold text-slate-700">
                      {t('apps.generate.value')} {index + 1}
                      <input className={`${INPUT} border-slate-300`} value={row.value} aria-describedby={`${id}-hint`} onChange={(e) => setRow(index, { value: e.target.value })} />
                    </label>
                    <Button variant="ghost" size="sm" onClick={() => removeRow(index)} aria-label={t('apps.generate.removeRow', { n: index + 1 })}>
                      ×
                    </Button>
                  </div>
                  {error !== undefined && (
                    <p id={errorId} className="text-sm text-red-800">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <div>
            <Button variant="secondary" size="sm" onClick={addRow}>
              {t('apps.generate.addRow')}
            </Button>
          </div>
        </div>
      ) : (
        <NoteField label={t('apps.generate.jsonLabel')} value={form.json} onChange={(json) => set({ json })} error={errors.json} multiline placeholder='{"plate": "ABC-123", "amount": 1200}' />
      )}
      {errors.values !== undefined && (
        <p role="alert" className="text-sm text-red-800">
          {errors.values}
        </p>
      )}
      <FormFooter
        onClose={onClose}
        cancelLabel={t('apps.generate.cancel')}
        submitLabel={busy ? t('apps.generate.submitting') : t('apps.generate.submit')}
        submitDisabled={busy}
        refusal={refusal}
      />
    </form>
  );
}
