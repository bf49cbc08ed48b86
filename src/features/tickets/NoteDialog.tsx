import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { watchChange } from '../../app/state/changeAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { agentPrefix, NOTE_DESCRIPTION_MAX } from '../../domain/notes/noteText.ts';
import { hasNoteErrors, NOTE_DIALOG_AUTO_CLOSE_MS, noteDetails, validateNoteForm, type NoteFormErrors } from '../../domain/tickets/noteForm.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { DiscardNoteDialog } from './DiscardNoteDialog.tsx';
import { NoteField } from './NoteField.tsx';

/** Part 2 §8: 'La nota no pudo ser guardada' shows for 3 s. */
const NOTE_FAILED_TOAST_MS = 3000;

type Props = { ticketId: string; open: boolean; onClose: () => void; /** The ticket's Case ID, named under the title. */ caseId?: string };

/**
 * The note dialog (part 2 §3, §5): title, description of at most 500 characters, details with author and date,
 * and the agent prefix — those two shown as text, since nobody edits them. It closes itself after ten minutes, a
 * second submit while saving is ignored, and Escape on typed text asks before throwing it away.
 */
export function NoteDialog({ ticketId, open, onClose, caseId }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const account = useAtomValue(accountAtom)?.account;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<NoteFormErrors>({});
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const saving = useRef(false);
  const [busy, setBusy] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => Date.now());

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setDescription('');
    setErrors({});
    setConfirmingDiscard(false);
    setOpenedAt(Date.now());
    const timer = window.setTimeout(onClose, NOTE_DIALOG_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose]);

  const typed = title.trim() !== '' || description.trim() !== '';
  const requestClose = useCallback(() => (typed ? setConfirmingDiscard(true) : onClose()), [typed, onClose]);
  const name = account?.name ?? '';
  const prefix = agentPrefix(account?.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const found = validateNoteForm({ title, description });
    setErrors(found);
    if (hasNoteErrors(found)) return;
    saving.current = true;
    setBusy(true);
    const noteId = crypto.randomUUID();
    const result = await mutate('ticket.addNote', {
      ticketId,
      noteId,
      title: title.trim(),
      description: description.trim(),
      details: noteDetails(name, openedAt, false),
    }).catch(() => ({ ok: false }) as const);
    saving.current = false;
    setBusy(false);
    if (!result.ok) {
      showToast('error', t('notes.saveFailed'), { durationMs: NOTE_FAILED_TOAST_MS });
      return;
    }
    // The note is kept; "Note saved" comes when the server has it, "queued" if it has to wait for the network.
    watchChange({
      collection: 'caseRecords',
      docId: noteId,
      landed: (doc) => doc !== null && typeof doc.rev === 'number' && doc.rev > 0,
      confirmation: { kind: 'success', title: t('notes.saved') },
      queuedTitle: t('notes.queued'),
    });
    onClose();
  }

  return (
    <Dialog open={open} onClose={requestClose} title={t('notes.dialogTitle')}>
      {caseId !== undefined && <p className="-mt-2 mb-3 font-mono text-sm text-slate-600">{caseId}</p>}
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <NoteField label={t('notes.title')} value={title} onChange={setTitle} autoFocus error={errors.title === undefined ? undefined : t(`notes.${errors.title}`)} />
        <NoteField
          label={t('notes.description')}
          value={description}
          onChange={setDescription}
          multiline
          hint={t('notes.counter', { count: description.trim().length })}
          maxLength={NOTE_DESCRIPTION_MAX + 100}
          error={errors.description === undefined ? undefined : t(`notes.${errors.description}`)}
        />
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-slate-800">{t('notes.details')}</dt>
          <dd className="text-slate-800" data-testid="note-details">
            {name} · <time dateTime={new Date(openedAt).toISOString()}>{formatDate(openedAt)}</time>
          </dd>
          <dt className="font-semibold text-slate-800">{t('notes.agentPrefix')}</dt>
          <dd>
            <Avatar name={name || prefix} initials={prefix} colorKey={account?.id} />
          </dd>
        </dl>
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('notes.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('notes.saving') : t('notes.save')}
          </Button>
        </div>
      </form>
      <DiscardNoteDialog
        open={confirmingDiscard}
        onKeep={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </Dialog>
  );
}
