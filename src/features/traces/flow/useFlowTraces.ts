import { useMemo, useRef } from 'react';
import { useCount, useDoc, useQuery, useSeekedQuery, useSyncStatus } from '../../../data/replica.ts';
import type { FlowDoc, InstanceDoc } from '../../../domain/sync/documents.gen.ts';
import { FLOW_TRACE_PAGE_SIZE, flowTraceRecord, type FlowTraceRecord } from '../../../domain/traces/flowTrace.ts';
import { clampPage } from '../../../domain/ui/paging.ts';

const INSTANCES = { kind: 'instance' } as const;
const RUNS_INDEX = ['kind', 'newestFirst'];

/** The workspace's flows by id (a small part of `config`), to name each run by its flow. */
function useFlowsById(): Map<string, FlowDoc> {
  const { docs } = useQuery('config', { selector: { kind: 'flow' } });
  return useMemo(() => new Map(docs.filter((doc): doc is FlowDoc => doc.kind === 'flow').map((flow) => [flow.id, flow])), [docs]);
}

export type FlowTracePage = {
  /** Runs on this device in all (undefined until counted). */
  total: number | undefined;
  /** 0-based page actually shown (clamped into range). */
  page: number;
  records: FlowTraceRecord[];
  loading: boolean;
  /** True once the runs collection has reached this device at least once (or the device cannot tell). */
  arrived: boolean;
};

/**
 * One page of flow trace records, newest first: a count and a page of the runs collection's `[kind, newestFirst]`
 * index (a deep page is seeked, not read through), so a workspace with many runs costs what one page does.
 */
export function useFlowTraces(page: number): FlowTracePage {
  const total = useCount('runs', INSTANCES, RUNS_INDEX);
  const current = clampPage(page, total ?? 0, FLOW_TRACE_PAGE_SIZE);
  const wanted = total === undefined ? null : { selector: INSTANCES, sort: [{ newestFirst: 'asc' as const }], index: RUNS_INDEX, skip: current * FLOW_TRACE_PAGE_SIZE, limit: FLOW_TRACE_PAGE_SIZE };
  const { docs, loading } = useQuery('runs', useSeekedQuery('runs', wanted, total));
  const flows = useFlowsById();
  const status = useSyncStatus();
  const arrived = status.loaded === null || status.loaded.includes('runs');
  const records = useMemo(
    () => docs.filter((doc): doc is InstanceDoc => doc.kind === 'instance' && !doc.deleted).map((instance) => flowTraceRecord(instance, instance.flowId === null ? null : flows.get(instance.flowId))),
    [docs, flows],
  );
  // While the next page loads, the rows shown stay instead of flashing empty.
  const shown = useRef<FlowTraceRecord[]>([]);
  const busy = total === undefined || loading;
  if (!busy) shown.current = records;
  return { total, page: current, records: shown.current, loading: busy && shown.current.length === 0, arrived };
}

/** One run's trace record for the dialogs: undefined while loading, null when the device does not have it. */
export function useFlowTrace(instanceId: string | undefined): FlowTraceRecord | null | undefined {
  const doc = useDoc('runs', instanceId);
  const flows = useFlowsById();
  return useMemo(() => {
    if (doc === undefined || doc === null) return doc;
    if (doc.kind !== 'instance' || doc.deleted) return null;
    return flowTraceRecord(doc, doc.flowId === null ? null : flows.get(doc.flowId));
  }, [doc, flows]);
}
