import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reconnect, useConnection, useSyncStatus } from '../../../data/replica.ts';
import { readFlowTraceSearch, type FlowTraceSearch } from '../../../domain/traces/flowTrace.ts';
import { Button } from '../../../ui/Button.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { FreshnessNote } from '../../../ui/FreshnessNote.tsx';
import { useButtonGuard } from '../../../ui/useButtonGuard.ts';
import { useDateFormat } from '../../../ui/useDateFormat.ts';
import { FlowTraceDialog, StageDialog } from './FlowTraceDialogs.tsx';
import { FlowTraceTable } from './FlowTraceTable.tsx';
import { StageLegend } from './StatusCounts.tsx';
import { useFlowTrace, useFlowTraces } from './useFlowTraces.ts';

/** The keys this tab owns in its screen's URL; changing them keeps the screen's own (its tab, say). */
type Patch = { [K in keyof FlowTraceSearch]-?: FlowTraceSearch[K] | undefined };

/**
 * The flow trace view (part 1 §2): the runs of the workspace's flows from the replica, 10 a page newest first, with
 * Expand/Contract, Refresh, the legend and 'No flows found'; a run opens its trace dialog and a stage dot its stage
 * dialog. The page, the open dialog and the expansion live in the URL, so Back, reload and a shared link restore
 * the view.
 */
export function FlowTraceTab() {
  const { t } = useTranslation();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = readFlowTraceSearch(raw);
  const navigate = useNavigate();
  const expanded = search.flowExpanded === true;
  const { total, page, records, loading, arrived } = useFlowTraces((search.flowPage ?? 1) - 1);
  const trace = useFlowTrace(search.flowTrace);
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  const guard = useButtonGuard();
  const [refreshedAt, setRefreshedAt] = useState<number | null>(null);

  const go = (patch: Partial<Patch>, replace = true) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }), replace });
  const refresh = () =>
    guard(() => {
      void reconnect();
      setRefreshedAt(Date.now());
    });
  const caption = t('flowTrace.caption');

  const body = () =>
    loading || (!arrived && (total ?? 0) === 0) ? (
      <p role="status" className="text-slate-600">
        {loading ? t('flowTrace.loading') : t('flowTrace.notLoadedYet')}
      </p>
    ) : total === 0 || total === undefined ? (
      <EmptyState icon="empty" title={t('flowTrace.none')} text={t('flowTrace.noneText')} />
    ) : (
      <FlowTraceTable
        caption={caption}
        records={records}
        total={total}
        page={page}
        expanded={expanded}
        onPage={(next) => go({ flowPage: next > 0 ? next + 1 : undefined }, false)}
        onOpen={(id) => go({ flowTrace: id, flowStage: undefined }, false)}
        onStage={(id, index) => go({ flowTrace: id, flowStage: index + 1 }, false)}
      />
    );
  const closeDialog = () => go({ flowTrace: undefined, flowStage: undefined });

  return (
    <section aria-labelledby="flow-trace-title" className="flex min-w-0 flex-col gap-4" data-testid="flow-trace">
      <h2 id="flow-trace-title" className="text-xl font-semibold text-slate-900">
        {t('flowTrace.title')}
      </h2>
      {offline && (
        <FreshnessNote
          text={status.lastSyncAt === null ? t('flowTrace.offlineNever') : t('flowTrace.offline', { date: formatDate(status.lastSyncAt) })}
          online={false}
          testId="flow-trace-freshness"
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StageLegend />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => go({ flowExpanded: expanded ? undefined : true })}>
            {expanded ? t('flowTrace.contract') : t('flowTrace.expand')}
          </Button>
          <Button variant="secondary" onClick={refresh}>
            {t('flowTrace.refresh')}
          </Button>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 empty:hidden">
        {refreshedAt === null ? '' : t('flowTrace.refreshed', { time: formatDate(refreshedAt, 'time') })}
      </p>
      {body()}
      {search.flowTrace !== undefined &&
        (search.flowStage === undefined ? (
          <FlowTraceDialog trace={trace} onClose={closeDialog} />
        ) : (
          <StageDialog trace={trace} index={search.flowStage - 1} onClose={closeDialog} />
        ))}
    </section>
  );
}
