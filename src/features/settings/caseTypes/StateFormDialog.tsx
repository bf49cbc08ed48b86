import { useTranslation } from 'react-i18next';
import type { CaseStateDoc } from '../../../domain/sync/documents.gen.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FormFooter } from '../../../ui/FormFooter.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { NoteField } from '../../tickets/NoteField.tsx';
import { useStateForm } from './useStateForm.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  caseTypeId: string;
  /** The state to edit; null for a new one. */
  state: CaseStateDoc | null;
  /** The IDs the type's states already have (a new state's must differ). */
  takenKeys: readonly string[];
};

/** Part 2 §2 state form in a modal: opened fresh each time. */
export function StateFormDialog({ open, onClose, caseTypeId, state, takenKeys }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={state === null ? t('caseTypes.states.newTitle') : t('caseTypes.states.editTitle', { id: state.stateKey })}>
      {open && <StateForm caseTypeId={caseTypeId} state={state} takenKeys={takenKeys} onClose={onClose} />}
    </Dialog>
  );
}

function StateForm({ caseTypeId, state, takenKeys, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const { values, set, errors, refusal, busy, submit } = useStateForm(caseTypeId, state, takenKeys, onClose);
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      data-testid="state-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {state === null ? (
        <NoteField label={t('caseTypes.states.id')} value={values.key} onChange={(v) => set('key', v)} error={errors.key} maxLength={50} autoFocus />
      ) : (
        <p className="text-sm text-slate-700">
          <span className="font-semibold">{t('caseTypes.states.id')}: </span>
          <span className="font-mono">{state.stateKey}</span>
        </p>
      )}
      <NoteField label={t('caseTypes.states.description')} value={values.description} onChange={(v) => set('description', v)} error={errors.description} maxLength={200} autoFocus={state !== null} />
      <NoteField label={t('caseTypes.states.order')} hint={t('caseTypes.states.orderHint')} value={values.order} onChange={(v) => set('order', v)} error={errors.order} maxLength={4} />
      <div className="flex items-center gap-3">
        <Switch checked={values.hide} onChange={(v) => set('hide', v)} label={t('caseTypes.states.hideLabel')} />
        <span className="text-sm text-slate-800" aria-hidden="true">
          {t('caseTypes.states.hideLabel')}
        </span>
      </div>
      <FormFooter onClose={onClose} cancelLabel={t('caseTypes.cancel')} submitLabel={busy ? t('caseTypes.saving') : t('caseTypes.save')} submitDisabled={busy} refusal={refusal} />
    </form>
  );
}
