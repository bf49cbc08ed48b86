import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useCaseScope, useQuery } from '../../data/replica.ts';
import { decodeNote } from '../../domain/notes/noteText.ts';
import type { CaseNoteDoc, MemberDoc } from '../../domain/sync/documents.gen.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { EDITED_MARK, parseNoteDetails } from '../../domain/tickets/noteForm.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/**
 * The case's notes, newest first, read from the replica once the case's scope is pulled in. Each shows its author
 * as an avatar with their name, and its date through the console's formatter; a details line a template wrote in
 * its own words is shown as written. With `onEdit`, the author of a note (or an administrator) gets an Edit button,
 * as the `case.editNote` mutation allows; a note still in the outbox is marked as waiting to be sent.
 */
export function CaseNotesList({ caseId, onEdit }: { caseId: string; onEdit?: (note: CaseNoteDoc) => void }) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const mayEdit = (note: CaseNoteDoc) => onEdit !== undefined && account !== undefined && (note.authorUserId === account.id || isAdminRole(account.role));
  const formatDate = useDateFormat();
  useCaseScope(caseId);
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseNote' } });
  const members = useQuery('config', { selector: { kind: 'member' } }).docs as MemberDoc[];
  const notes = (docs as CaseNoteDoc[]).filter((note) => !note.deleted).sort((a, b) => b.entryDate - a.entryDate);
  if (loading) return <p className="text-sm text-slate-600">{t('caseDetail.loading')}</p>;
  if (notes.length === 0) return <p className="text-sm text-slate-600">{t('ticket.noNotes')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="case-notes">
      {notes.map((note) => {
        const parts = decodeNote(note.noteText);
        const details = parts?.details ?? '';
        const standard = parseNoteDetails(details);
        const member = members.find((m) => m.id === note.memberId || (note.authorUserId !== null && m.userId === note.authorUserId));
        const author = member?.name ?? (standard?.author || parts?.agentPrefix || '');
        const edited = note.edited || standard?.edited === true;
        return (
          <li key={note.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-start gap-2">
              {parts !== null && parts.agentPrefix !== '' && <Avatar name={author || parts.agentPrefix} initials={parts.agentPrefix} colorKey={note.authorUserId ?? author} />}
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-slate-900">{parts?.title ?? note.noteText}</p>
                <p className="text-xs text-slate-600">
                  {author !== '' && <span>{author} · </span>}
                  <time dateTime={new Date(note.entryDate).toISOString()}>{formatDate(note.entryDate)}</time>
                  {edited ? ` ${EDITED_MARK}` : ''}
                  {note.rev === 0 ? ` · ${t('files.pending')}` : ''}
                </p>
              </div>
              {mayEdit(note) && (
                <button
                  type="button"
                  onClick={() => onEdit?.(note)}
                  aria-label={t('caseDetail.notes.editNamed', { title: parts?.title ?? '' })}
                  className="shrink-0 rounded px-2 py-1 text-xs font-semibold text-brand underline underline-offset-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
                >
                  {t('caseDetail.notes.edit')}
                </button>
              )}
            </div>
            {parts !== null && <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">{parts.description}</p>}
            {standard === null && details !== '' && <p className="mt-1 text-xs break-words text-slate-600">{details}</p>}
          </li>
        );
      })}
    </ul>
  );
}
