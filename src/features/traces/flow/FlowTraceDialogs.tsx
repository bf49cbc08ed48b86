import { useTranslation } from 'react-i18next';
import { parametersJson, type FlowTraceRecord, type FlowTraceStage } from '../../../domain/traces/flowTrace.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useDateFormat } from '../../../ui/useDateFormat.ts';
import { STAGE_TEXT_CLASS } from './stageLooks.ts';

/** undefined while the replica answers, null when the run is not on this device. */
type Trace = FlowTraceRecord | null | undefined;

function StatusLabel({ stage }: { stage: FlowTraceStage }) {
  const { t } = useTranslation();
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${STAGE_TEXT_CLASS[stage.status]}`}>{t(`flowTrace.labels.${stage.status}`)}</span>;
}

/** A stage's fields: source, timestamp, status and its parameters as readable JSON (part 1 §2, §3). */
function StageFields({ stage, withName }: { stage: FlowTraceStage; withName: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const time = stage.timestamp === null ? NaN : Date.parse(stage.timestamp);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {withName && (
          <>
            <dt className="text-slate-600">{t('flowTrace.stage.stage')}</dt>
            <dd className="min-w-0 break-words">{stage.stage}</dd>
          </>
        )}
        <dt className="text-slate-600">{t('flowTrace.stage.type')}</dt>
        <dd className="min-w-0 break-words">{stage.stage_type}</dd>
        <dt className="text-slate-600">{t('flowTrace.stage.source')}</dt>
        <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{stage.source ?? t('flowTrace.stage.none')}</dd>
        <dt className="text-slate-600">{t('flowTrace.stage.timestamp')}</dt>
        <dd>{Number.isNaN(time) ? t('flowTrace.stage.none') : formatDate(time)}</dd>
        <dt className="text-slate-600">{t('flowTrace.stage.status')}</dt>
        <dd>
          <StatusLabel stage={stage} />
        </dd>
      </dl>
      <p className="text-sm text-slate-600">{t('flowTrace.stage.parameters')}</p>
      <pre tabIndex={0} aria-label={t('flowTrace.stage.parameters')} className="max-h-64 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-focus">
        {parametersJson(stage.parameters)}
      </pre>
    </div>
  );
}

/** The trace dialog: instance ID, flow ID, workspace, last updated, and the stages as an accordion. */
export function FlowTraceDialog({ trace, onClose }: { trace: Trace; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const close = (
    <Button variant="secondary" onClick={onClose}>
      {t('flowTrace.trace.close')}
    </Button>
  );
  return (
    <Dialog open onClose={onClose} wide title={trace ? t('flowTrace.trace.title', { name: trace.name }) : t('flowTrace.title')} actions={close}>
      {trace === undefined ? (
        <p role="status">{t('flowTrace.loading')}</p>
      ) : trace === null ? (
        <p role="status">{t('flowTrace.trace.missing')}</p>
      ) : (
        <div className="flex flex-col gap-4" data-testid="flow-trace-dialog">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{t('flowTrace.trace.instanceId')}</dt>
            <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{trace._id}</dd>
            <dt className="text-slate-600">{t('flowTrace.trace.flowId')}</dt>
            <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{trace.flow_id ?? t('flowTrace.stage.none')}</dd>
            <dt className="text-slate-600">{t('flowTrace.trace.workspace')}</dt>
            <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{trace.workspace}</dd>
            <dt className="text-slate-600">{t('flowTrace.trace.updated')}</dt>
            <dd>{formatDate(trace.updated_at)}</dd>
          </dl>
          <h3 className="font-semibold text-slate-900">{t('flowTrace.trace.stages')}</h3>
          {trace.stages.length === 0 ? (
            <p className="text-sm text-slate-600">{t('flowTrace.noStages')}</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {trace.stages.map((stage, index) => (
                <li key={index}>
                  <details className="group rounded-lg border border-slate-200" data-stage={stage.stage}>
                    <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:outline-focus">
                      <span className="font-medium break-words text-slate-900">{t('flowTrace.trace.stageHeading', { n: index + 1, stage: stage.stage })}</span>
                      <StatusLabel stage={stage} />
                    </summary>
                    <div className="border-t border-slate-200 px-3 py-2">
                      <StageFields stage={stage} withName={false} />
                    </div>
                  </details>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** The stage detail dialog a stage dot opens. */
export function StageDialog({ trace, index, onClose }: { trace: Trace; index: number; onClose: () => void }) {
  const { t } = useTranslation();
  const stage = trace?.stages[index];
  const close = (
    <Button variant="secondary" onClick={onClose}>
      {t('flowTrace.stage.close')}
    </Button>
  );
  return (
    <Dialog open onClose={onClose} wide title={stage ? t('flowTrace.stage.title', { stage: stage.stage }) : t('flowTrace.title')} actions={close}>
      {trace === undefined ? (
        <p role="status">{t('flowTrace.loading')}</p>
      ) : stage === undefined ? (
        <p role="status">{trace === null ? t('flowTrace.trace.missing') : t('flowTrace.stage.missing')}</p>
      ) : (
        <div data-testid="flow-stage-dialog">
          <StageFields stage={stage} withName />
        </div>
      )}
    </Dialog>
  );
}
