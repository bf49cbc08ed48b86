import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { agentPrefix, NOTE_DESCRIPTION_MAX } from '../../domain/notes/noteText.ts';
import { hasNoteErrors, NOTE_DIALOG_AUTO_CLOSE_MS, noteDetails, validateNoteForm, type NoteFormErrors } from '../../domain/tickets/noteForm.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NoteField } from './NoteField.tsx';

/** Part 2 §8: 'La nota no pudo ser guardada' shows for 3 s. */
const NOTE_FAILED_TOAST_MS = 3000;

type Props = { ticketId: string; open: boolean; onClose: () => void };

/**
 * The note dialog (part 2 §3, §5): title, description of at most 500 characters, details with author and date,
 * and the agent prefix. It closes itself after ten minutes, and a second submit while saving is ignored.
 */
export function NoteDialog({ ticketId, open, onClose }: Props) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<NoteFormErrors>({});
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => Date.now());

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setDescription('');
    setErrors({});
    setOpenedAt(Date.now());
    const timer = window.setTimeout(onClose, NOTE_DIALOG_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose]);

  const details = noteDetails(account?.name ?? '', openedAt, false);
  const prefix = agentPrefix(account?.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const found = validateNoteForm({ title, description });
    setErrors(found);
    if (hasNoteErrors(found)) return;
    saving.current = true;
    setBusy(true);
    const result = await mutate('ticket.addNote', {
      ticketId,
      noteId: crypto.randomUUID(),
      title: title.trim(),
      description: description.trim(),
      details,
    }).catch(() => ({ ok: false }) as const);
    saving.current = false;
    setBusy(false);
    if (!result.ok) {
      showToast('error', t('notes.saveFailed'), { durationMs: NOTE_FAILED_TOAST_MS });
      return;
    }
    showToast('success', t('notes.saved'));
    onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('notes.dialogTitle')}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <NoteField label={t('notes.title')} value={title} onChange={setTitle} error={errors.title === undefined ? undefined : t(`notes.${errors.title}`)} />
        <NoteField
          label={t('notes.description')}
          value={description}
          onChange={setDescription}
          multiline
          hint={t('notes.counter', { count: description.trim().length })}
          maxLength={NOTE_DESCRIPTION_MAX + 100}
          error={errors.description === undefined ? undefined : t(`notes.${errors.description}`)}
        />
        <NoteField label={t('notes.details')} value={details} readOnly />
        <NoteField label={t('notes.agentPrefix')} value={prefix} readOnly />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('notes.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('notes.saving') : t('notes.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
