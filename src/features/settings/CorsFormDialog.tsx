import { useTranslation } from 'react-i18next';
import type { CorsOriginDoc } from '../../domain/sync/documents.gen.ts';
import { DESCRIPTION_MAX, ORIGIN_MAX } from '../../domain/settings/corsRules.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import type { CorsData } from './useCorsData.ts';
import { useCorsForm } from './useCorsForm.ts';
import { FormFooter } from './FormFooter.tsx';

type Props = { open: boolean; onClose: () => void; origin: CorsOriginDoc | null; data: CorsData };

/** Part 1 §2 CORS origin create/edit, in a modal opened fresh each time. */
export function CorsFormDialog({ open, onClose, origin, data }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={origin === null ? t('settings.cors.newTitle') : t('settings.cors.editTitle', { origin: origin.origin })}>
      {open && <CorsForm origin={origin} data={data} onClose={onClose} />}
    </Dialog>
  );
}

function CorsForm({ origin, data, onClose }: { origin: CorsOriginDoc | null; data: CorsData; onClose: () => void }) {
  const { t } = useTranslation();
  const { values, set, errors, busy, submit } = useCorsForm(origin, data, onClose);
  const guard = useButtonGuard();
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        guard(() => void submit());
      }}
    >
      <NoteField
        label={t('settings.cors.origin')}
        hint={t('settings.cors.originHint')}
        value={values.origin}
        onChange={(v) => set('origin', v)}
        error={errors.origin}
        maxLength={ORIGIN_MAX}
        placeholder="https://partner.example"
        autoFocus
      />
      <NoteField
        label={t('settings.cors.description')}
        value={values.description}
        onChange={(v) => set('description', v)}
        error={errors.description}
        maxLength={DESCRIPTION_MAX}
        multiline
      />
      {origin !== null && (
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-400 accent-slate-800" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
          {t('settings.cors.active')}
        </label>
      )}
      <FormFooter onClose={onClose} busy={busy} />
    </form>
  );
}
