import { Link, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { CaseStateDoc, CaseTypeDoc } from '../../domain/sync/documents.gen.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { LINK_BUTTON } from '../apps/linkClasses.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { OfflineNote } from './OfflineNote.tsx';
import { ReportCards } from './ReportCards.tsx';
import { useCaseType } from './useCaseType.ts';
import { useCasesArrived } from './useArrived.ts';
import { useCaseTypeReport } from './useCaseTypeReport.ts';
import { useUnknownTypeRedirect } from './useUnknownTypeRedirect.ts';

const PRIMARY_LINK =
  'inline-flex items-center justify-center rounded-lg bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * Part 2 §2 /dashboard/{caseTypeId}: the report of one case type, cards Overview, Alert, Overall and Impact, and
 * the Historial button that opens the type's whole history on the activity page. An unknown type goes to
 * /dashboard.
 */
export function CaseTypeReportScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const { caseTypeId: param = '' } = useParams({ strict: false });
  const lookup = useCaseType(param);
  useUnknownTypeRedirect(lookup);
  useDocumentTitle(lookup.status === 'found' ? t('caseActivity.report.title', { name: lookup.caseType.description }) : null);
  if (lookup.status !== 'found') {
    return (
      <p role="status" className="text-slate-600">
        {t('caseActivity.loading')}
      </p>
    );
  }
  return <Report caseType={lookup.caseType} deniedState={lookup.deniedState} />;
}

function Report({ caseType, deniedState }: { caseType: CaseTypeDoc; deniedState: CaseStateDoc | null }) {
  const { t } = useTranslation();
  const report = useCaseTypeReport(caseType.id, deniedState?.id ?? null);
  const arrived = useCasesArrived();
  return (
    <section aria-labelledby="report-title" className="flex min-w-0 flex-col gap-4" data-case-type-id={caseType.id}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="report-title" className="text-2xl font-semibold break-words text-slate-900">
          {t('caseActivity.report.heading')} · {caseType.description}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/dashboard/$caseTypeId/activity" params={{ caseTypeId: caseType.id }} className={LINK_BUTTON}>
            {t('caseActivity.report.activity')}
          </Link>
          {/* The spec's Historial button navigates, so it is a link that looks like the primary button. */}
          <Link to="/dashboard/$caseTypeId/activity" params={{ caseTypeId: caseType.id }} search={{ view: 'history' }} className={PRIMARY_LINK}>
            {t('caseActivity.report.historial')}
          </Link>
        </div>
      </div>
      <OfflineNote />
      {report === undefined || !arrived ? (
        <p role="status" className="text-slate-600">
          {t('caseActivity.report.loading')}
        </p>
      ) : (
        <ReportCards report={report} />
      )}
    </section>
  );
}
