import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from '../tickets/NoteField.tsx';
import { SelectField } from '../tickets/SelectField.tsx';
import type { AppsData } from './useAppsData.ts';
import { useAppForm } from './useAppForm.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  data: AppsData;
  /** Told the new app's id once it is queued (the case type form picks it as the starting app). */
  onCreated?: (appId: string) => void;
};

/** Part 1 §2 App creation form (part 2 §2's small app form too), in a modal: opened fresh each time. */
export function AppFormDialog({ open, onClose, data, onCreated }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('apps.form.title')}>
      {open && (
        <AppForm
          data={data}
          onClose={onClose}
          onSaved={(appId) => {
            onCreated?.(appId);
            onClose();
          }}
        />
      )}
    </Dialog>
  );
}

function AppForm({ data, onClose, onSaved }: { data: AppsData; onClose: () => void; onSaved: (appId: string) => void }) {
  const { t } = useTranslation();
  const { values, set, errors, refusal, busy, submit, engines } = useAppForm(data, onSaved);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {engines.length === 0 && (
        <p role="alert" className="rounded-lg bg-yellow-50 p-2 text-sm text-yellow-900">
          {t('apps.form.noEngines')}
        </p>
      )}
      <SelectField
        label={t('apps.form.engine')}
        value={values.engineId}
        onChange={(v) => set('engineId', v)}
        error={errors.engineId}
        options={[{ value: '', label: t('apps.form.chooseEngine') }, ...engines.map((engine) => ({ value: engine.id, label: engine.name }))]}
      />
      <NoteField label={t('apps.form.name')} value={values.name} onChange={(v) => set('name', v)} error={errors.name} maxLength={150} autoFocus />
      <NoteField label={t('apps.form.description')} value={values.description} onChange={(v) => set('description', v)} error={errors.description} maxLength={2000} multiline />
      <FormFooter
        onClose={onClose}
        cancelLabel={t('apps.form.cancel')}
        submitLabel={busy ? t('apps.form.creating') : t('apps.form.create')}
        submitDisabled={busy}
        refusal={refusal}
      />
    </form>
  );
}
