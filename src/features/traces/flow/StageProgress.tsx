import { useTranslation } from 'react-i18next';
import { stageProgressLayout, type FlowTraceRecord } from '../../../domain/traces/flowTrace.ts';
import { STAGE_DOT_CLASS, STAGE_GLYPH } from './stageLooks.ts';

type Props = { record: FlowTraceRecord; expanded: boolean; onStage: (index: number) => void };

/**
 * A run's stages as dots in the order they ran, each a button that opens the stage's detail. Expanded, the dots
 * carry their stage names; above the spec's thresholds (part 1 §9) they turn compact. Compact dots keep 24 px
 * between centres, so each stays an easy target.
 */
export function StageProgress({ record, expanded, onStage }: Props) {
  const { t } = useTranslation();
  const layout = stageProgressLayout(record.stages.length, expanded);
  if (record.stages.length === 0) return <span className="text-sm text-slate-600">{t('flowTrace.noStages')}</span>;
  const dot = layout.compact ? 'h-4 w-4 text-[0.6rem]' : 'h-6 w-6 text-xs';
  return (
    <ol
      aria-label={t('flowTrace.progressOf', { name: record.name })}
      data-layout={`${layout.labels}${layout.compact ? '-compact' : ''}`}
      className={`flex flex-wrap items-start ${layout.compact ? 'gap-2' : 'gap-1.5'}`}
    >
      {record.stages.map((stage, index) => (
        <li key={index} className={`flex flex-col items-center ${layout.labels === 'none' ? '' : layout.labels === 'short' ? 'w-12' : 'w-16'}`}>
          <button
            type="button"
            onClick={() => onStage(index)}
            aria-label={t('flowTrace.stageDot', { n: index + 1, total: record.stages.length, stage: stage.stage, status: t(`flowTrace.labels.${stage.status}`) })}
            title={`${stage.stage} · ${t(`flowTrace.labels.${stage.status}`)}`}
            data-stage-status={stage.status}
            className={`flex shrink-0 items-center justify-center rounded-full font-bold leading-none ${dot} ${STAGE_DOT_CLASS[stage.status]} hover:ring-2 hover:ring-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus`}
          >
            {!layout.compact && <span aria-hidden="true">{STAGE_GLYPH[stage.status]}</span>}
          </button>
          {layout.labels !== 'none' && (
            <span aria-hidden="true" className={`mt-1 w-full truncate text-center text-slate-700 ${layout.labels === 'short' ? 'text-[0.65rem]' : 'text-xs'}`}>
              {stage.stage}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
