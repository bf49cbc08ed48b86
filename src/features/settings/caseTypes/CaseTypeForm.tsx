import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseTypeDoc } from '../../../domain/sync/documents.gen.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormFooter } from '../../../ui/FormFooter.tsx';
import { AppFormDialog } from '../../apps/AppFormDialog.tsx';
import { useAppsData } from '../../apps/useAppsData.ts';
import { NoteField } from '../../tickets/NoteField.tsx';
import { SelectField } from '../../tickets/SelectField.tsx';
import { NewStatesEditor } from './NewStatesEditor.tsx';
import { useCaseTypeForm } from './useCaseTypeForm.ts';
import type { CaseTypesData } from './useCaseTypesData.ts';

type Props = {
  data: CaseTypesData;
  /** The type to edit; null creates one. */
  type: CaseTypeDoc | null;
  onCancel: () => void;
  onSaved: (caseTypeId: string) => void;
};

/** The case type screen's create and edit modes (part 2 §2): ID (create only), description, starting app, inputs, outputs. */
export function CaseTypeForm({ data, type, onCancel, onSaved }: Props) {
  const { t } = useTranslation();
  const form = useCaseTypeForm(data, type, onSaved);
  const { values, set, errors } = form;
  const appsData = useAppsData();
  const [makingApp, setMakingApp] = useState(false);
  const title = type === null ? t('caseTypes.createTitle') : t('caseTypes.editTitle', { code: type.code });
  // The app dialog sits outside this form: React sends its submit up through the portal to any enclosing form.
  return (
    <>
      <form
        aria-labelledby="case-type-form-title"
        className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
        noValidate
        data-testid="case-type-form"
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        <h1 id="case-type-form-title" className="text-2xl font-semibold break-words text-slate-900">
          {title}
        </h1>
        <div className="grid gap-4 sm:grid-cols-2">
          {type === null ? (
            <NoteField label={t('caseTypes.id')} value={values.code} onChange={(v) => set('code', v)} error={errors.code} maxLength={50} autoFocus />
          ) : (
            <p className="text-sm text-slate-700">
              <span className="block font-semibold text-slate-800">{t('caseTypes.id')}</span>
              <span className="font-mono">{type.code}</span>
            </p>
          )}
          <NoteField label={t('caseTypes.description')} value={values.description} onChange={(v) => set('description', v)} error={errors.description} maxLength={200} autoFocus={type !== null} />
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 basis-56">
              <SelectField
                label={t('caseTypes.startingApp')}
                value={values.startingAppId}
                onChange={(v) => set('startingAppId', v)}
                error={errors.startingAppId}
                options={[{ value: '', label: t('caseTypes.chooseApp') }, ...data.apps.map((app) => ({ value: app.id, label: app.name }))]}
              />
            </div>
            <Button variant="secondary" onClick={() => setMakingApp(true)} className={errors.startingAppId === undefined ? '' : 'mb-7'}>
              {t('caseTypes.newApp')}
            </Button>
          </div>
          {data.apps.length === 0 &&
            (appsData.failed ? (
              <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
                {t('caseTypes.messages.appsFailed')}
              </p>
            ) : (
              <p className="text-sm text-slate-600">{t('caseTypes.noApps')}</p>
            ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NoteField label={t('caseTypes.paramsExpected')} hint={t('caseTypes.listHint')} value={values.paramsExpected} onChange={(v) => set('paramsExpected', v)} error={errors.paramsExpected} maxLength={2000} placeholder="policyNumber/amount" />
          <NoteField label={t('caseTypes.resultsExpected')} hint={t('caseTypes.listHint')} value={values.resultsExpected} onChange={(v) => set('resultsExpected', v)} error={errors.resultsExpected} maxLength={2000} placeholder="decision/payout" />
        </div>
        {type === null && <NewStatesEditor rows={values.states} errors={errors.states ?? []} onChange={form.setState} onAdd={form.addState} onRemove={form.removeState} />}
        <FormFooter
          onClose={onCancel}
          cancelLabel={t('caseTypes.cancel')}
          submitLabel={form.busy ? t(type === null ? 'caseTypes.creating' : 'caseTypes.saving') : t(type === null ? 'caseTypes.create' : 'caseTypes.save')}
          submitDisabled={form.busy}
          refusal={form.refusal}
        />
      </form>
      <AppFormDialog open={makingApp} onClose={() => setMakingApp(false)} data={appsData} onCreated={(appId) => set('startingAppId', appId)} />
    </>
  );
}
