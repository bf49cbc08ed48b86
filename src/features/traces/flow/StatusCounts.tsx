import { useTranslation } from 'react-i18next';
import type { FlowTraceCounts } from '../../../domain/traces/flowTrace.ts';
import { STAGE_DOT_CLASS, STAGE_GLYPH, STAGE_STATUSES, STAGE_TEXT_CLASS } from './stageLooks.ts';

/** A run's stages counted by display status: three small chips, read out as one sentence. */
export function StatusCounts({ counts }: { counts: FlowTraceCounts }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1" role="img" aria-label={t('flowTrace.countsOf', counts)} data-counts={`${counts.success}/${counts.waiting}/${counts.failed}`}>
      {STAGE_STATUSES.map((status) => (
        <span key={status} aria-hidden="true" title={t(`flowTrace.statuses.${status}`)} className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${STAGE_TEXT_CLASS[status]}`}>
          <span>{STAGE_GLYPH[status]}</span>
          {counts[status]}
        </span>
      ))}
    </span>
  );
}

/** The legend of the dots' colours (part 1 §2: Successful, Waiting, Failed). */
export function StageLegend() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <span className="font-semibold">{t('flowTrace.legend')}</span>
      <ul aria-label={t('flowTrace.legend')} className="flex flex-wrap gap-3">
        {STAGE_STATUSES.map((status) => (
          <li key={status} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-flex h-4 w-4 items-center justify-center rounded-full text-[0.6rem] font-bold ${STAGE_DOT_CLASS[status]}`}>
              {STAGE_GLYPH[status]}
            </span>
            {t(`flowTrace.statuses.${status}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
