import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnTo } from '../../app/shell/returnTo.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { MountWhenOpened } from '../../ui/MountWhenOpened.tsx';
import { useShortcuts } from '../../ui/useShortcuts.ts';
import { preloadFileTools } from './caseFileUpload.ts';
import { CaseFilesList } from './CaseFilesList.tsx';
import { CaseNotesList } from './CaseNotesList.tsx';
import { EnvelopeSection } from './EnvelopeSection.tsx';
import { FileCacheDialog } from './FileCacheDialog.tsx';
import { LazyNoteDialog, LazyShortcutsDialog } from './lazyDialogs.ts';
import { PhotoDialog } from './PhotoDialog.tsx';
import { SignatureDialog } from './SignatureDialog.tsx';
import { TemplateFrame } from './TemplateFrame.tsx';
import { TicketButtons } from './TicketButtons.tsx';
import { TicketSummary } from './TicketSummary.tsx';
import { resolveTicket } from './ticketActions.ts';
import { useTicketBridge } from './useTicketBridge.ts';

type Props = { ticket: TicketDoc; userId: string };

type Tool = 'note' | 'photo' | 'signature' | 'cache' | 'help';

/** The ticket at work: its facts and actions, the template frame, and the case's notes and files. */
export function TicketWorkspace({ ticket, userId }: Props) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool | null>(null);
  const closeTool = useCallback(() => setTool(null), []);
  const onRequest = useTicketBridge(ticket, userId);
  const returnTo = useReturnTo();
  const mine = ticket.status === 'assigned' && ticket.assigneeUserId === userId;
  useEffect(preloadFileTools, []);

  // Solves with the values saved so far; a template's own submit sends its current values instead.
  async function solve() {
    if (!mine) {
      showToast('info', t('tickets.notAssigned'));
      returnTo('/tickets');
      return;
    }
    if ((await resolveTicket(ticket, {})).ok) returnTo('/tickets');
  }

  useShortcuts({ n: () => (ticket.caseId === null ? false : setTool('note')), '?': () => setTool('help') }, tool === null);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TicketSummary ticket={ticket} />
        <TicketButtons ticket={ticket} userId={userId} onSolve={() => void solve()} onNote={() => setTool('note')} onTool={setTool} />
      </div>
      <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        {ticket.template.trim() === '' ? (
          // A ticket opened by hand has no form: the actions above are the whole work.
          <EmptyState title={t('ticket.noTemplate')} text={t('ticket.noTemplateText')} />
        ) : (
          <div className="flex min-w-0 flex-col gap-1">
            <TemplateFrame ticket={ticket} onRequest={onRequest} />
            {typeof ticket.templateVersion === 'number' && (
              <p className="text-sm text-slate-600" data-testid="ticket-template-version">
                {t('ticket.templateVersion', { version: ticket.templateVersion })}
              </p>
            )}
          </div>
        )}
        <aside aria-labelledby="case-notes-title" className="flex min-w-0 flex-col gap-2">
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
          {ticket.caseId !== null && <EnvelopeSection caseId={ticket.caseId} />}
        </aside>
      </div>
      <MountWhenOpened open={tool === 'note'} onClose={closeTool}>
        <LazyNoteDialog target={{ kind: 'ticket', ticketId: ticket.id }} open={tool === 'note'} onClose={closeTool} />
      </MountWhenOpened>
      <FileCacheDialog open={tool === 'cache'} onClose={closeTool} />
      <MountWhenOpened open={tool === 'help'} onClose={closeTool}>
        <LazyShortcutsDialog open={tool === 'help'} onClose={closeTool} />
      </MountWhenOpened>
      {ticket.caseId !== null && (
        <>
          <PhotoDialog caseId={ticket.caseId} open={tool === 'photo'} onClose={closeTool} />
          <SignatureDialog caseId={ticket.caseId} open={tool === 'signature'} onClose={closeTool} />
        </>
      )}
    </div>
  );
}
