import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { defaultFlowGraph } from '../../domain/engine/flowGraph.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';

type Props = { open: boolean; onClose: () => void };

/**
 * 'New workflow': a name and a description, then the flow (start straight to end) is queued through the outbox
 * with an id made here and opened in the modeler at once, online or not.
 */
export function NewFlowDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('flows.create.title')}>
      {open && <NewFlowForm onClose={onClose} />}
    </Dialog>
  );
}

function NewFlowForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useButtonGuard();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function create(): Promise<void> {
    setBusy(true);
    const id = `flow-${crypto.randomUUID()}`;
    const result = await mutate('flow.create', { id, name: name.trim(), description: description.trim(), stages: defaultFlowGraph() });
    setBusy(false);
    if (!result.ok) {
      showToast('error', t('flows.create.failed'), { detail: result.message });
      return;
    }
    onClose();
    void navigate({ to: '/flows/flow', search: { canEditFlow: true, isNewFlow: true, id } });
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') {
          setError(t('flows.create.nameRequired'));
          return;
        }
        guard(() => void create());
      }}
    >
      <NoteField label={t('flows.create.name')} value={name} onChange={(v) => { setName(v); setError(undefined); }} error={error} maxLength={150} autoFocus />
      <NoteField label={t('flows.create.description')} value={description} onChange={setDescription} maxLength={2000} multiline />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('flows.create.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('flows.create.creating') : t('flows.create.create')}
        </Button>
      </div>
    </form>
  );
}
