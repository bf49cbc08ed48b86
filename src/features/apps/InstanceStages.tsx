import { useTranslation } from 'react-i18next';
import { stageRowDisplay } from '../../domain/engine/instanceValues.ts';
import type { InstanceStageDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { StageStatusBadge } from './InstanceBadges.tsx';
import { ValueList } from './ValueList.tsx';

/**
 * The Stages fold (part 1 §2): each visit in order with its node type, display status, times, error and values;
 * none reads 'Empty stages'. A retried stage is a new visit, so the list keeps the failed one too.
 */
export function InstanceStages({ stages }: { stages: readonly InstanceStageDoc[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  if (stages.length === 0) return <p className="text-slate-600">{t('apps.instance.emptyStages')}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {stages.map((stage) => {
        const title = t('apps.instance.stage', { seq: stage.seq, key: stage.stageKey });
        return (
          <li key={stage.id} data-stage-key={stage.stageKey} data-seq={stage.seq} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold break-words text-slate-900">{title}</h3>
              <StageStatusBadge display={stageRowDisplay(stage.status)} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">{t('apps.instance.nodeType')}</dt>
              <dd className="min-w-0 break-words">{stage.nodeType}</dd>
              <dt className="text-slate-600">{t('apps.instance.stageStarted')}</dt>
              <dd>{formatDate(stage.startedAt)}</dd>
              {stage.finishedAt !== null && (
                <>
                  <dt className="text-slate-600">{t('apps.instance.stageFinished')}</dt>
                  <dd>{formatDate(stage.finishedAt)}</dd>
                </>
              )}
              {stage.error !== null && (
                <>
                  <dt className="text-slate-600">{t('apps.instance.error')}</dt>
                  <dd className="min-w-0 break-words text-red-800">{stage.error}</dd>
                </>
              )}
            </dl>
            <ValueList values={stage.values} emptyText={t('apps.instance.noValues')} label={t('apps.instance.values') + ' · ' + title} />
          </li>
        );
      })}
    </ol>
  );
}
