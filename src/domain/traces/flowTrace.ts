import { stageDisplayStatus, type StageDisplayStatus } from '../engine/instanceStatus.ts';
import { DEFAULT_PAGE_SIZE } from '../ui/paging.ts';

/**
 * The flow trace view (part 1 §2, §3, §4, §9): one record per run of a flow (an app instance), its stages in the
 * order they ran with their display status, the counts of the legend, and when its stage progress turns compact.
 * Pure: the screen and its tests share one reading of the spec.
 */
export const FLOW_TRACE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Part 1 §9: compact above 8 stages while collapsed; above 12 (labels shrink) and above 20 (labels go) expanded. */
export const COLLAPSED_COMPACT_ABOVE = 8;
export const EXPANDED_COMPACT_ABOVE = 12;
export const EXPANDED_DOTS_ONLY_ABOVE = 20;

export type FlowTraceStage = {
  stage: string;
  stage_type: string;
  source: string | null;
  success: boolean;
  /** ISO time of the stage's last outcome, as the engine records it (null when it did not say). */
  timestamp: string | null;
  parameters: Record<string, unknown>;
  status: StageDisplayStatus;
};

export type FlowTraceCounts = Record<StageDisplayStatus, number>;

/** Part 1 §3: name, description, stages, _id, flow_id, workspace, updated_at. */
export type FlowTraceRecord = {
  _id: string;
  flow_id: string | null;
  name: string;
  description: string;
  workspace: string;
  updated_at: number;
  stages: FlowTraceStage[];
  counts: FlowTraceCounts;
};

/** What the record is built from: the replica's instance and, when it is there, its flow. */
export type TraceInstance = { id: string; flowId: string | null; workspaceId: string; name: string; updatedAt: number; stageHistory: unknown };
export type TraceFlow = { id: string; name: string; description: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Part 1 §4's rule (a timer or human-interface stage that has not succeeded waits; success; otherwise failed). The
 * engine also writes each visit's own status: a visit it still parks or runs ('waiting', 'running') is waiting
 * whatever its type, as the server's flow trace counts read it.
 */
export function traceStageStatus(entry: { stage_type: string; success: boolean; status?: unknown }): StageDisplayStatus {
  if (!entry.success && (entry.status === 'waiting' || entry.status === 'running')) return 'waiting';
  return stageDisplayStatus(entry);
}

/** The engine's stage history (JSON) read leniently: anything that is not a stage visit is left out. */
export function traceStages(stageHistory: unknown): FlowTraceStage[] {
  if (!Array.isArray(stageHistory)) return [];
  return stageHistory.filter(isRecord).map((entry) => {
    const stage = { stage: String(entry.stage ?? ''), stage_type: String(entry.stage_type ?? ''), success: entry.success === true };
    return {
      ...stage,
      source: typeof entry.source === 'string' && entry.source !== '' ? entry.source : null,
      timestamp: typeof entry.timestamp === 'string' && entry.timestamp !== '' ? entry.timestamp : null,
      parameters: isRecord(entry.parameters) ? entry.parameters : {},
      status: traceStageStatus({ ...stage, status: entry.status }),
    };
  });
}

export function traceCounts(stages: readonly { status: StageDisplayStatus }[]): FlowTraceCounts {
  const counts: FlowTraceCounts = { success: 0, waiting: 0, failed: 0 };
  for (const stage of stages) counts[stage.status] += 1;
  return counts;
}

/** A run's trace record; a flow no longer on the device leaves the instance's own name and no description. */
export function flowTraceRecord(instance: TraceInstance, flow: TraceFlow | null | undefined): FlowTraceRecord {
  const stages = traceStages(instance.stageHistory);
  return {
    _id: instance.id,
    flow_id: instance.flowId,
    name: flow?.name ?? instance.name,
    description: flow?.description ?? '',
    workspace: instance.workspaceId,
    updated_at: instance.updatedAt,
    stages,
    counts: traceCounts(stages),
  };
}

/**
 * How a row's stage progress is drawn: stage names beside the dots (expanded only), and compact dots (and names)
 * above the spec's thresholds.
 */
export type StageProgressLayout = { labels: 'none' | 'full' | 'short'; compact: boolean };

export function stageProgressLayout(stageCount: number, expanded: boolean): StageProgressLayout {
  if (!expanded) return { labels: 'none', compact: stageCount > COLLAPSED_COMPACT_ABOVE };
  if (stageCount > EXPANDED_DOTS_ONLY_ABOVE) return { labels: 'none', compact: true };
  if (stageCount > EXPANDED_COMPACT_ABOVE) return { labels: 'short', compact: true };
  return { labels: 'full', compact: false };
}

/** Parameters as readable JSON (two-space indent); an empty object reads as such. */
export const parametersJson = (parameters: Record<string, unknown>): string => JSON.stringify(parameters, null, 2);

/** The view's place in the URL (keys prefixed, as the tab shares its screen's search with others). */
export type FlowTraceSearch = { flowPage?: number; flowTrace?: string; flowStage?: number; flowExpanded?: true };

const wholeFrom = (raw: unknown, min: number): number | undefined => {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= min && value < 1_000_000 ? value : undefined;
};

/** Reads the search leniently: an edited or old link still opens, with anything unknown dropped. */
export function readFlowTraceSearch(raw: Record<string, unknown>): FlowTraceSearch {
  const search: FlowTraceSearch = {};
  const page = wholeFrom(raw.flowPage, 2);
  if (page !== undefined) search.flowPage = page;
  const trace = typeof raw.flowTrace === 'string' ? raw.flowTrace.trim() : typeof raw.flowTrace === 'number' ? String(raw.flowTrace) : '';
  if (trace !== '' && trace.length <= 200) {
    search.flowTrace = trace;
    const stage = wholeFrom(raw.flowStage, 1);
    if (stage !== undefined) search.flowStage = stage;
  }
  if (raw.flowExpanded === true || raw.flowExpanded === 'true' || raw.flowExpanded === 1 || raw.flowExpanded === '1') search.flowExpanded = true;
  return search;
}
