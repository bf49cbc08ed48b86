import { useTranslation } from 'react-i18next';
import { useCaseScope, useQuery } from '../../data/replica.ts';
import { decodeNote } from '../../domain/notes/noteText.ts';
import type { CaseNoteDoc } from '../../domain/sync/documents.gen.ts';
import { EDITED_MARK, formatNoteDate } from '../../domain/tickets/noteForm.ts';

/** The case's notes, newest first, read from the replica once the case's scope is pulled in. */
export function CaseNotesList({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  useCaseScope(caseId);
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseNote' } });
  const notes = (docs as CaseNoteDoc[]).filter((note) => !note.deleted).sort((a, b) => b.entryDate - a.entryDate);
  if (loading) return null;
  if (notes.length === 0) return <p className="text-sm text-slate-600">{t('ticket.noNotes')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="case-notes">
      {notes.map((note) => {
        const parts = decodeNote(note.noteText);
        const details = parts?.details ?? '';
        return (
          <li key={note.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{parts?.title ?? note.noteText}</span>
              {parts?.agentPrefix !== undefined && parts.agentPrefix !== '' && (
                <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700" title={t('notes.agentPrefix')}>
                  {parts.agentPrefix}
                </span>
              )}
            </div>
            {parts !== null && <p className="mt-1 whitespace-pre-wrap text-slate-800">{parts.description}</p>}
            <p className="mt-1 text-xs text-slate-600">
              {details !== '' ? details : formatNoteDate(note.entryDate)}
              {note.edited && !details.includes(EDITED_MARK) ? ` ${EDITED_MARK}` : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
