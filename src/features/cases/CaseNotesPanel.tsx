import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseNoteDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { CaseNotesList } from '../tickets/CaseNotesList.tsx';
import { NoteDialog, type NoteTarget } from '../tickets/NoteDialog.tsx';

/** The case's own notes: the list, Add note, and Edit on the user's notes (offline too: both go through the outbox). */
export function CaseNotesPanel({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<NoteTarget | null>(null);
  const close = useCallback(() => setTarget(null), []);
  return (
    <>
      <div>
        <Button size="sm" onClick={() => setTarget({ kind: 'case', caseId })}>
          {t('caseDetail.notes.add')}
        </Button>
      </div>
      <CaseNotesList caseId={caseId} onEdit={(note: CaseNoteDoc) => setTarget({ kind: 'edit', note })} />
      {target !== null && <NoteDialog target={target} caseId={caseId} open onClose={close} />}
    </>
  );
}
