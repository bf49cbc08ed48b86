import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate, useCaseScope } from '../../data/replica.ts';
import { enabledModuleSet } from '../../domain/access/modules.ts';
import { mayActOnBatch, runLineRefusal } from '../../domain/batches/batchLifecycle.ts';
import type { BatchDoc, BatchLineDoc } from '../../domain/sync/documents.gen.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { TEXT_LINK } from '../apps/linkClasses.ts';
import { CaseFilesPanel } from '../cases/CaseFilesPanel.tsx';
import { CaseNotesPanel } from '../cases/CaseNotesPanel.tsx';
import { BatchStatusChip } from './BatchStatusChip.tsx';
import { LineCaseHistory, LineCaseInfo, LineValues } from './LinePanels.tsx';

type Props = { batch: BatchDoc; line: BatchLineDoc | undefined; lineId: string; onClose: () => void };

/**
 * A line's details (part 2 §2): Files, Values, Notes, History and Case Info, opened by ?line= so a reload or a
 * shared link shows it again. The case's notes, files and history are the case's own panels once the line has a
 * case (its scope is kept in the replica while the dialog is open); before that each tab says there is none yet.
 * 'Run this line' queues the line when the rules allow it (a line not run of a batch not started, or an error).
 */
export function LineDetailsDialog({ batch, line, lineId, onClose }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const statusRef = useRef<HTMLSpanElement>(null);
  const caseId = line?.caseId ?? null;
  useCaseScope(caseId);
  const noCase = (empty: string) => (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      <p>{empty}</p>
      <p className="text-slate-600">{t('batchDetail.line.noCase')}</p>
    </div>
  );

  return (
    <Dialog open onClose={onClose} title={t('batchDetail.line.title', { lineId })} wide actions={<Button variant="ghost" onClick={onClose}>{t('batchDetail.line.close')}</Button>}>
      {line === undefined ? (
        <p role="status">{t('batchDetail.line.notFound', { lineId })}</p>
      ) : (
        <div className="flex min-w-0 flex-col gap-3" data-testid="line-details" data-line-id={line.lineId}>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span data-testid="line-status" ref={statusRef} tabIndex={-1} className="rounded focus-visible:outline-2 focus-visible:outline-focus">
              <BatchStatusChip status={line.status} />
            </span>
            {caseId !== null && (
              <Link to="/cases/$caseId" params={{ caseId }} className={`${TEXT_LINK} font-mono text-sm break-all`} aria-label={t('batchDetail.line.openCase', { caseId })}>
                {caseId}
              </Link>
            )}
            <RunLine batch={batch} line={line} afterRun={statusRef} />
          </div>
          {line.error !== null && (
            <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-900">
              <span className="font-semibold">{t('batchDetail.line.error')}: </span>
              {line.error}
            </p>
          )}
          <Tabs
            label={t('batchDetail.line.tabs')}
            selectedIndex={tab}
            onChange={setTab}
            tabs={[
              { key: 'files', label: t('batchDetail.line.files'), content: caseId === null ? noCase(t('files.none')) : <div className="flex min-w-0 flex-col gap-3"><CaseFilesPanel caseId={caseId} /></div> },
              { key: 'values', label: t('batchDetail.line.values'), content: <LineValues batch={batch} line={line} /> },
              { key: 'notes', label: t('batchDetail.line.notes'), content: caseId === null ? noCase(t('ticket.noNotes')) : <div className="flex min-w-0 flex-col gap-3"><CaseNotesPanel caseId={caseId} /></div> },
              { key: 'history', label: t('batchDetail.line.history'), content: caseId === null ? noCase(t('batchDetail.line.noHistory')) : <LineCaseHistory caseId={caseId} /> },
              { key: 'caseInfo', label: t('batchDetail.line.caseInfo'), content: <LineCaseInfo batch={batch} line={line} /> },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}

/**
 * 'Run this line' when part 2 §7's rules allow it, for those who may act on the batch. The button goes once the
 * line is queued, so focus moves to the line's status, which then changes as the line runs.
 */
function RunLine({ batch, line, afterRun }: { batch: BatchDoc; line: BatchLineDoc; afterRun: RefObject<HTMLSpanElement | null> }) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const guard = useButtonGuard();
  const [busy, setBusy] = useState(false);
  const actor = { userId: account?.id ?? '', isAdmin: isAdminRole(account?.role), hasBatchesModule: enabledModuleSet(account?.enabledModules).has('BATCHES') };
  if (account === undefined || !mayActOnBatch(actor, batch.userId) || runLineRefusal(batch, line) !== null) return null;
  const run = () =>
    guard(() => {
      setBusy(true);
      void mutate('batch.executeLine', { batchId: batch.id, lineId: line.lineId }).then((result) => {
        setBusy(false);
        afterRun.current?.focus();
        if (!result.ok) showToast('error', result.message);
        else if (currentSyncStatus().online) showToast('success', t('batchDetail.line.running', { lineId: line.lineId }));
        else showToast('info', t('batchDetail.line.queuedRun'));
      });
    });
  return (
    <Button size="sm" onClick={run} disabled={busy}>
      {t('batchDetail.line.run')}
    </Button>
  );
}
