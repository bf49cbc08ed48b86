import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { cannotSync } from '../../data/cannotSync.ts';
import { replicaHolds, useCaseScope, useDoc, useQuery, useSyncStatus } from '../../data/replica.ts';
import { enabledModuleSet } from '../../domain/access/modules.ts';
import { caseDetailView, validateCaseDetailSearch, type CaseDetailView } from '../../domain/cases/caseDetail.ts';
import type { CaseDoc, CaseHistoryDoc } from '../../domain/sync/documents.gen.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { CaseFilesPanel } from './CaseFilesPanel.tsx';
import { CaseIdCopy } from './CaseIdCopy.tsx';
import { CaseInfoPanel } from './CaseInfoPanel.tsx';
import { CaseInstancesPanel } from './CaseInstancesPanel.tsx';
import { CaseLogsPanel } from './CaseLogsPanel.tsx';
import { CaseNotesPanel } from './CaseNotesPanel.tsx';
import { CasesFreshness } from './CasesFreshness.tsx';
import { CaseSection } from './CaseSection.tsx';
import { CaseStepper } from './CaseStepper.tsx';
import { useCaseTypes } from './useCaseTypes.ts';

/** Part 8 'Case could not be retrieved!' and back to /cases, shown this long. */
const NOT_FOUND_TOAST_MS = 5000;

/**
 * /cases/{id} (part 2 §2 Case detail, module CASES): case info, progress, notes, files, logs and the case's
 * instances, as an accordion or (`?view=dashboard`) as cards. Everything is read from the replica: the case from
 * the cases collection, its records from the case scope opened here (kept while the screen is shown), so the
 * screen opens offline on what the device holds and every change arrives live.
 */
export function CaseDetailScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { caseId = '' } = useParams({ strict: false }) as { caseId?: string };
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const view = caseDetailView(validateCaseDetailSearch(raw));
  const doc = useDoc('cases', caseId) as CaseDoc | null | undefined;
  const scope = useCaseScope(caseId);
  const sync = useSyncStatus();
  const heading = useRef<HTMLHeadingElement>(null);
  // Right after sign-in the cases may still be arriving: a case is only missing once they are in and its scope has
  // been tried (which fetches a case the feed has not brought yet), or once the device cannot sync. The views may
  // hear of a fetched case after the scope answers, so storage is asked before the case is called missing.
  const offline = cannotSync(sync);
  const casesIn = sync.loaded === null ? sync.lastSyncAt !== null : sync.loaded.includes('cases');
  const unresolved = doc === null && (offline || (scope.tried && casesIn));
  const [missingId, setMissingId] = useState<string | null>(null);
  useEffect(() => {
    if (!unresolved) return;
    let current = true;
    void replicaHolds('cases', caseId).then((held) => current && !held && setMissingId(caseId));
    return () => {
      current = false;
    };
  }, [unresolved, caseId]);
  const missing = unresolved && missingId === caseId;
  useDocumentTitle(doc ? t('caseDetail.title', { caseId: doc.id }) : null, t(route.nameKey));

  useEffect(() => {
    if (!missing) return;
    showToast('error', t('caseDetail.notFound'), { durationMs: NOT_FOUND_TOAST_MS });
    void navigate({ to: '/cases', replace: true });
  }, [missing, navigate, t]);

  useEffect(() => heading.current?.focus(), [caseId]);

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4" data-view={view}>
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <h1 id="screen-title" ref={heading} tabIndex={-1} className="min-w-0 rounded text-xl font-semibold break-all text-slate-900 focus-visible:outline-2 focus-visible:outline-focus sm:text-2xl">
          {t('caseDetail.title', { caseId })}
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <CaseIdCopy caseId={caseId} />
          <ViewSwitch caseId={caseId} view={view} />
        </div>
      </div>
      <CasesFreshness />
      {doc ? <CaseDetailBody doc={doc} view={view} /> : <p role="status" className="text-slate-600">{t('caseDetail.loadingCase')}</p>}
    </section>
  );
}

function ViewSwitch({ caseId, view }: { caseId: string; view: CaseDetailView }) {
  const { t } = useTranslation();
  const item = (target: CaseDetailView) =>
    `rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-focus ${view === target ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`;
  return (
    <nav aria-label={t('caseDetail.views')} className="flex gap-1 rounded-lg border border-slate-200 bg-white p-0.5">
      <Link to="/cases/$caseId" params={{ caseId }} search={{}} aria-current={view === 'accordion' ? 'page' : undefined} className={item('accordion')}>
        {t('caseDetail.viewAccordion')}
      </Link>
      <Link to="/cases/$caseId" params={{ caseId }} search={{ view: 'dashboard' }} aria-current={view === 'dashboard' ? 'page' : undefined} className={item('dashboard')}>
        {t('caseDetail.viewDashboard')}
      </Link>
    </nav>
  );
}

function CaseDetailBody({ doc, view }: { doc: CaseDoc; view: CaseDetailView }) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const seesApps = isAdminRole(account?.role) || enabledModuleSet(account?.enabledModules).has('APPS');
  const types = useCaseTypes();
  const history = useQuery('caseRecords', { selector: { caseId: doc.id, kind: 'caseHistory' } }).docs as CaseHistoryDoc[];
  const reached = history.filter((entry) => !entry.deleted).map((entry) => entry.stateId);
  const sections = (
    <>
      <CaseSection id="case-progress" title={t('caseDetail.progress.title')} view={view} open wide>
        <CaseStepper states={types.statesOf(doc.caseTypeId)} history={reached} currentStateId={doc.stateId} showPosition />
      </CaseSection>
      <CaseSection id="case-info" title={t('caseDetail.info.title')} view={view} open wide>
        <CaseInfoPanel doc={doc} type={types.typeById.get(doc.caseTypeId)} state={doc.stateId === null ? undefined : types.stateById.get(doc.stateId)} />
      </CaseSection>
      <CaseSection id="case-notes" title={t('caseDetail.notes.title')} view={view} open>
        <CaseNotesPanel caseId={doc.id} />
      </CaseSection>
      <CaseSection id="case-files" title={t('files.title')} view={view} open>
        <CaseFilesPanel caseId={doc.id} />
      </CaseSection>
      <CaseSection id="case-logs" title={t('caseDetail.logs.title')} view={view}>
        <CaseLogsPanel caseId={doc.id} />
      </CaseSection>
      <CaseSection id="case-instances" title={t('caseDetail.instances.title')} view={view}>
        <CaseInstancesPanel caseId={doc.id} seesApps={seesApps} />
      </CaseSection>
    </>
  );
  return view === 'dashboard' ? (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2" data-testid="case-dashboard">
      {sections}
    </div>
  ) : (
    <div className="flex min-w-0 flex-col gap-3" data-testid="case-accordion">
      {sections}
    </div>
  );
}
