import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENGINE_DESCRIPTION_MAX, ENGINE_NAME_MAX } from '../../domain/settings/engineRules.ts';
import type { EngineDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { AssignmentPicker } from './AssignmentPicker.tsx';
import { ActiveSwitch } from './ActiveSwitch.tsx';
import { useEngineForm } from './useEngineForm.ts';
import type { EnginesData } from './useEnginesData.ts';
import { FormFooter } from '../../ui/FormFooter.tsx';

type Props = { open: boolean; onClose: () => void; engine: EngineDoc | null; data: EnginesData; onSaved: (engineId: string) => void };

/** Part 1 §2 engine form, in a modal: opened fresh each time, so it starts from the engine as it is then. */
export function EngineFormDialog({ open, onClose, engine, data, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={engine === null ? t('engines.newTitle') : t('engines.editTitle', { name: engine.name })} wide>
      {open && <EngineForm engine={engine} data={data} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EngineForm({ engine, data, onClose, onSaved }: { engine: EngineDoc | null; data: EnginesData; onClose: () => void; onSaved: (engineId: string) => void }) {
  const { t } = useTranslation();
  const form = useEngineForm(engine, data, onSaved);
  const guard = useButtonGuard();
  const [advanced, setAdvanced] = useState(false);
  const ids = { advanced: useId(), unchanged: useId() };
  const items = data.users.map((u) => ({ id: u.id, name: u.name, role: u.role, email: u.email }));
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        guard(() => void form.submit());
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <NoteField label={t('engines.name')} value={form.values.name} onChange={(v) => form.set('name', v)} error={form.errorOf('name')} maxLength={ENGINE_NAME_MAX} autoFocus />
        <ActiveSwitch checked={form.values.isActive} onChange={(v) => form.set('isActive', v)} label={t('engines.active')} />
      </div>
      <NoteField
        label={t('engines.description')}
        value={form.values.description}
        onChange={(v) => form.set('description', v)}
        error={form.errorOf('description')}
        maxLength={ENGINE_DESCRIPTION_MAX}
        multiline
      />
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-800">{t('engines.users')}: </span>
        <span data-testid="engine-form-users">{form.values.users.length === 0 ? t('engines.noUsers') : items.filter((i) => form.values.users.includes(i.id)).map((i) => i.name).join(', ')}</span>
      </p>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
        <button
          type="button"
          aria-expanded={advanced}
          aria-controls={ids.advanced}
          onClick={() => setAdvanced((a) => !a)}
          className="flex items-center gap-2 self-start rounded text-sm font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-focus"
        >
          <span aria-hidden="true">{advanced ? '▾' : '▸'}</span>
          {t('engines.advanced')}
        </button>
        <div id={ids.advanced} hidden={!advanced} className="flex flex-col gap-3">
          <p className="text-sm">
            <span className="font-semibold text-slate-800">{t('engines.engineId')}: </span>
            <span className="font-mono break-all" data-testid="engine-form-id">
              {form.engineId}
            </span>
          </p>
          <AssignmentPicker items={items} assigned={form.values.users} onChange={(users) => form.set('users', users)} />
        </div>
      </div>
      <FormFooter
        onClose={onClose}
        cancelLabel={t('settings.cancel')}
        submitLabel={form.busy ? t('settings.saving') : t('settings.save')}
        submitDisabled={!form.canSave}
        refusal={form.refusal}
        hint={form.blocked === null ? null : { id: ids.unchanged, text: t(form.blocked) }}
      />
    </form>
  );
}
