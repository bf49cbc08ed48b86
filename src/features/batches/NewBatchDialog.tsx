import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { BatchPreview } from './BatchPreview.tsx';
import { CsvFileStatus } from './CsvFileStatus.tsx';
import { useBatchWizard } from './useBatchWizard.ts';

type Props = { onClose: () => void; onCreated: (batchId: string) => void };

const FIELD = 'w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus';

/**
 * The new batch wizard (part 2 §2): step 0 collects the name, description, case type and CSV file; step 1 shows the
 * lines (5 a page) and creates the batch. It cannot be closed while its lines are being queued.
 */
export function NewBatchDialog({ onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const userId = useAtomValue(accountAtom)?.account.id ?? '';
  const wizard = useBatchWizard(userId, (batchId) => {
    onClose();
    onCreated(batchId);
  });
  const { fields, set, errors, step, file, progress } = wizard;
  const types = useCaseTypes();
  const close = () => progress === null && onClose();
  const fieldError = (key: keyof typeof errors) =>
    errors[key] === undefined ? null : (
      <p id={`${id}-${key}-error`} className="text-sm text-red-800">
        {errors[key]}
      </p>
    );

  return (
    <Dialog open onClose={close} title={t('batches.wizard.title')} wide>
      <p className="mb-3 text-sm font-semibold text-slate-600">{step === 0 ? t('batches.wizard.stepStart') : t('batches.wizard.stepPreview')}</p>
      {step === 0 ? (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            wizard.next();
          }}
        >
          <NoteField label={t('batches.wizard.name')} value={fields.name} onChange={(name) => set({ name })} error={errors.name} maxLength={120} autoFocus />
          <NoteField
            label={t('batches.wizard.description')}
            value={fields.description}
            onChange={(description) => set({ description })}
            error={errors.description ?? wizard.descriptionNote ?? undefined}
            hint={t('batches.wizard.descriptionHint')}
            multiline
            maxLength={200}
          />
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-700">
            {t('batches.wizard.caseType')}
            <select
              className={`${FIELD} ${errors.caseTypeId === undefined ? 'border-slate-300' : 'border-red-700'}`}
              value={fields.caseTypeId}
              aria-invalid={errors.caseTypeId !== undefined}
              aria-describedby={errors.caseTypeId === undefined ? undefined : `${id}-caseTypeId-error`}
              onChange={(event) => set({ caseTypeId: event.target.value })}
            >
              <option value="">{t('batches.wizard.chooseCaseType')}</option>
              {types.listed.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.description || type.code}
                </option>
              ))}
            </select>
          </label>
          {fieldError('caseTypeId')}
          {!types.loading && types.listed.length === 0 && <p className="text-sm text-slate-600">{t('batches.wizard.noCaseTypes')}</p>}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-semibold text-slate-700">
              {t('batches.wizard.file')}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:font-semibold file:text-brand"
              aria-invalid={errors.file !== undefined}
              aria-describedby={`${id}-file-hint${errors.file === undefined ? '' : ` ${id}-file-error`}`}
              onChange={(event) => wizard.choose(event.target.files?.[0] ?? null)}
            />
            <p id={`${id}-file-hint`} className="text-xs text-slate-600">
              {t('batches.wizard.fileHint')}
            </p>
            {fieldError('file')}
            {errors.file === undefined && <CsvFileStatus file={file} />}
          </div>
          <FormFooter onClose={close} cancelLabel={t('batches.wizard.cancel')} submitLabel={t('batches.wizard.next')} submitDisabled={false} />
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <CsvFileStatus file={file} />
          <BatchPreview file={file} />
          {wizard.refusal !== null && (
            <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
              {wizard.refusal}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {progress !== null && (
              <p role="status" className="mr-auto text-sm text-slate-700">
                {t('batches.wizard.creating', { done: progress.done, total: progress.total })}
              </p>
            )}
            <Button variant="secondary" onClick={() => wizard.setStep(0)} disabled={progress !== null}>
              {t('batches.wizard.back')}
            </Button>
            <Button onClick={wizard.create} disabled={file.phase !== 'read' || file.summary.rowCount === 0 || progress !== null}>
              {t('batches.wizard.create')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
