import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { preloadFileTools } from './caseFileUpload.ts';
import { CaseFilesList } from './CaseFilesList.tsx';
import { CaseNotesList } from './CaseNotesList.tsx';
import { FileCacheDialog } from './FileCacheDialog.tsx';
import { NoteDialog } from './NoteDialog.tsx';
import { PhotoDialog } from './PhotoDialog.tsx';
import { SignatureDialog } from './SignatureDialog.tsx';
import { TemplateFrame } from './TemplateFrame.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TicketSummary } from './TicketSummary.tsx';
import { showToast } from '../../app/state/toastAtoms.ts';
import { claimTicket, releaseTicket, resolveTicket } from './ticketActions.ts';
import { useRejectionToasts } from './useTicketSync.ts';
import { useTicketBridge } from './useTicketBridge.ts';

type Props = { ticket: TicketDoc; userId: string };

/** The ticket at work: its facts and claim, the template frame, and the case's notes. */
export function TicketWorkspace({ ticket, userId }: Props) {
  const { t } = useTranslation();
  const [noteOpen, setNoteOpen] = useState(false);
  const closeNote = useCallback(() => setNoteOpen(false), []);
  const [tool, setTool] = useState<'photo' | 'signature' | 'cache' | null>(null);
  const closeTool = useCallback(() => setTool(null), []);
  const onRequest = useTicketBridge(ticket, userId);
  useRejectionToasts();
  const assigned = ticket.status === 'assigned';
  const mine = assigned && ticket.assigneeUserId === userId;
  const navigate = useNavigate();
  useEffect(preloadFileTools, []);

  // Solves with the values saved so far; a template's own submit sends its current values instead.
  async function solve() {
    if (!mine) {
      showToast('info', t('tickets.notAssigned'));
      void navigate({ to: '/tickets' });
      return;
    }
    if ((await resolveTicket(ticket.id, {})).ok) void navigate({ to: '/tickets' });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TicketSummary ticket={ticket} />
        <div className="flex flex-wrap gap-2">
          {!assigned && <Button onClick={() => void claimTicket(ticket.id)}>{t('tickets.claim')}</Button>}
          {mine && (
            <Button variant="secondary" onClick={() => void releaseTicket(ticket.id)}>
              {t('tickets.unclaim')}
            </Button>
          )}
          {ticket.state === 'open' && <Button onClick={() => void solve()}>{t('ticket.solve')}</Button>}
          {ticket.caseId !== null && (
            <Button variant="secondary" onClick={() => setNoteOpen(true)}>
              {t('ticket.addNote')}
            </Button>
          )}
          {ticket.caseId !== null && (
            <>
              <Button variant="secondary" onClick={() => setTool('photo')}>
                {t('files.takePhoto')}
              </Button>
              <Button variant="secondary" onClick={() => setTool('signature')}>
                {t('files.sign')}
              </Button>
            </>
          )}
        </div>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        {ticket.template.trim() === '' ? (
          // A ticket opened by hand has no form: the actions above are the whole work.
          <EmptyState title={t('ticket.noTemplate')} text={t('ticket.noTemplateText')} />
        ) : (
          <TemplateFrame ticket={ticket} onRequest={onRequest} />
        )}
        <aside aria-labelledby="case-notes-title" className="flex flex-col gap-2">
          <h2 id="case-notes-title" className="text-lg font-semibold text-slate-900">
            {t('ticket.notes')}
          </h2>
          {ticket.caseId === null ? <p className="text-sm text-slate-600">{t('ticket.noCase')}</p> : <CaseNotesList caseId={ticket.caseId} />}
          <div className="mt-2 flex items-center justify-between gap-2">
            <h2 id="case-files-title" className="text-lg font-semibold text-slate-900">
              {t('files.title')}
            </h2>
            <Button variant="ghost" size="sm" onClick={() => setTool('cache')}>
              {t('files.cacheOpen')}
            </Button>
          </div>
          {ticket.caseId !== null && <CaseFilesList caseId={ticket.caseId} />}
        </aside>
      </div>
      <NoteDialog ticketId={ticket.id} open={noteOpen} onClose={closeNote} />
      <FileCacheDialog open={tool === 'cache'} onClose={closeTool} />
      {ticket.caseId !== null && (
        <>
          <PhotoDialog caseId={ticket.caseId} open={tool === 'photo'} onClose={closeTool} />
          <SignatureDialog caseId={ticket.caseId} open={tool === 'signature'} onClose={closeTool} />
        </>
      )}
    </div>
  );
}
