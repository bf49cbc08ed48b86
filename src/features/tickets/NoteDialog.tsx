import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { watchChange } from '../../app/state/changeAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { agentPrefix, decodeNote, NOTE_DESCRIPTION_MAX } from '../../domain/notes/noteText.ts';
import type { CaseNoteDoc } from '../../domain/sync/documents.gen.ts';
import { hasNoteErrors, NOTE_DIALOG_AUTO_CLOSE_MS, noteDetails, parseNoteDetails, validateNoteForm, type NoteFormErrors } from '../../domain/tickets/noteForm.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { DiscardNoteDialog } from './DiscardNoteDialog.tsx';
import { NoteField } from './NoteField.tsx';

/** Part 2 §8: 'La nota no pudo ser guardada' shows for 3 s. */
const NOTE_FAILED_TOAST_MS = 3000;

/**
 * Where the note goes: on a ticket's case (`ticket.addNote`), on a case itself (`case.addNote`), or an existing
 * note of a case being edited (`case.editNote`, shown afterwards with '(Editado)').
 */
export type NoteTarget = { kind: 'ticket'; ticketId: string } | { kind: 'case'; caseId: string } | { kind: 'edit'; note: CaseNoteDoc };

type Props = { target: NoteTarget; open: boolean; onClose: () => void; /** The Case ID, named under the title. */ caseId?: string };

/** The mutation a saved note sends, and the id of the note it writes. */
function noteMutation(target: NoteTarget, fields: { title: string; description: string }, details: string): { name: string; args: Record<string, string>; noteId: string } {
  if (target.kind === 'edit') return { name: 'case.editNote', args: { noteId: target.note.id, ...fields, details }, noteId: target.note.id };
  const noteId = crypto.randomUUID();
  if (target.kind === 'case') return { name: 'case.addNote', args: { caseId: target.caseId, noteId, ...fields, details }, noteId };
  return { name: 'ticket.addNote', args: { ticketId: target.ticketId, noteId, ...fields, details }, noteId };
}

/**
 * The note dialog (part 2 §3, §5): title, description of at most 500 characters, details with author and date,
 * and the agent prefix — those two shown as text, since nobody edits them. It closes itself after ten minutes, a
 * second submit while saving is ignored, and Escape on typed text asks before throwing it away.
 */
export function NoteDialog({ target, open, onClose, caseId }: Props) {
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

  const editing = target.kind === 'edit' ? target.note : null;
  useEffect(() => {
    if (!open) return;
    const parts = editing === null ? null : decodeNote(editing.noteText);
    setTitle(parts?.title ?? '');
    setDescription(parts?.description ?? '');
    setErrors({});
    setConfirmingDiscard(false);
    setOpenedAt(Date.now());
    const timer = window.setTimeout(onClose, NOTE_DIALOG_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose, editing]);

  const typed = title.trim() !== '' || description.trim() !== '';
  const requestClose = useCallback(() => (typed ? setConfirmingDiscard(true) : onClose()), [typed, onClose]);
  // An edited note keeps its author: the details line names them, with the time of the edit and '(Editado)'.
  const original = editing === null ? null : decodeNote(editing.noteText);
  const name = (original === null ? null : parseNoteDetails(original.details)?.author) || (account?.name ?? '');
  const prefix = original?.agentPrefix || agentPrefix(account?.name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving.current) return;
    const found = validateNoteForm({ title, description });
    setErrors(found);
    if (hasNoteErrors(found)) return;
    saving.current = true;
    setBusy(true);
    const { name: mutation, args, noteId } = noteMutation(target, { title: title.trim(), description: description.trim() }, noteDetails(name, openedAt, editing !== null));
    const result = await mutate(mutation, args).catch(() => ({ ok: false }) as const);
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
      landed: (doc) => doc !== null && typeof doc.rev === 'number' && doc.rev > (editing?.rev ?? 0),
      confirmation: { kind: 'success', title: t('notes.saved') },
      queuedTitle: t('notes.queued'),
    });
    onClose();
  }

  return (
    <Dialog open={open} onClose={requestClose} title={editing === null ? t('notes.dialogTitle') : t('caseDetail.notes.editTitle')}>
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
