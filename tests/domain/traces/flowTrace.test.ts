import { describe, expect, it } from 'vitest';
import {
  FLOW_TRACE_PAGE_SIZE,
  flowTraceRecord,
  parametersJson,
  readFlowTraceSearch,
  stageProgressLayout,
  traceCounts,
  traceStages,
  traceStageStatus,
} from '../../../src/domain/traces/flowTrace.ts';

const visit = (stage: string, stage_type: string, success: boolean, extra: Record<string, unknown> = {}) => ({
  stage,
  stage_type,
  source: `tpl-${stage}`,
  success,
  timestamp: '2026-03-01T10:00:00.000Z',
  parameters: { note: stage },
  ...extra,
});

describe('flow trace stage status (part 1 §4)', () => {
  it.each([
    ['a succeeded stage of any type is success', { stage_type: 'api', success: true }, 'success'],
    ['a timer that has not succeeded waits', { stage_type: 'timer', success: false }, 'waiting'],
    ['a human-interface stage that has not succeeded waits', { stage_type: 'human-interface', success: false }, 'waiting'],
    ['an api stage that has not succeeded failed', { stage_type: 'api', success: false }, 'failed'],
    ['a script stage the engine still runs is waiting', { stage_type: 'script', success: false, status: 'running' }, 'waiting'],
    ['an email stage the engine parks is waiting', { stage_type: 'email', success: false, status: 'waiting' }, 'waiting'],
    ['a failed visit of a script stage is failed', { stage_type: 'script', success: false, status: 'failed' }, 'failed'],
  ] as const)('%s', (_name, entry, expected) => {
    expect(traceStageStatus(entry)).toBe(expected);
  });
});

describe('flow trace record (part 1 §3)', () => {
  const instance = {
    id: 'inst-1',
    flowId: 'flow-claims',
    workspaceId: 'ws-demo',
    name: 'Claims CLM-1',
    updatedAt: 1_700_000_000_000,
    stageHistory: [visit('start', 'start', true), visit('policy', 'api', false), visit('review', 'human-interface', false)],
  };

  it('names the run by its flow and keeps its stages in the order they ran, with the legend counts', () => {
    const record = flowTraceRecord(instance, { id: 'flow-claims', name: 'Claims', description: 'Claims intake' });
    expect(record).toMatchObject({ _id: 'inst-1', flow_id: 'flow-claims', name: 'Claims', description: 'Claims intake', workspace: 'ws-demo', updated_at: 1_700_000_000_000 });
    expect(record.stages.map((s) => [s.stage, s.status])).toEqual([
      ['start', 'success'],
      ['policy', 'failed'],
      ['review', 'waiting'],
    ]);
    expect(record.counts).toEqual({ success: 1, waiting: 1, failed: 1 });
    expect(record.stages[1]).toMatchObject({ source: 'tpl-policy', timestamp: '2026-03-01T10:00:00.000Z', parameters: { note: 'policy' } });
  });

  it('falls back to the instance name when the flow is not on the device', () => {
    expect(flowTraceRecord(instance, null)).toMatchObject({ name: 'Claims CLM-1', description: '' });
  });

  it('reads a malformed history leniently: no stages, or only the entries that are objects', () => {
    expect(traceStages(null)).toEqual([]);
    expect(traceStages('x')).toEqual([]);
    const stages = traceStages([1, null, [], { stage: 'end', stage_type: 'end', success: true, parameters: [1], source: '' }]);
    expect(stages).toEqual([{ stage: 'end', stage_type: 'end', success: true, source: null, timestamp: null, parameters: {}, status: 'success' }]);
  });

  it('counts every stage once in its display status', () => {
    expect(traceCounts([{ status: 'success' }, { status: 'success' }, { status: 'waiting' }])).toEqual({ success: 2, waiting: 1, failed: 0 });
    expect(traceCounts([])).toEqual({ success: 0, waiting: 0, failed: 0 });
  });
});

describe('stage progress layout (part 1 §9: compact above 8 collapsed, above 12 and 20 expanded)', () => {
  it.each([
    [1, false, { labels: 'none', compact: false }],
    [8, false, { labels: 'none', compact: false }],
    [9, false, { labels: 'none', compact: true }],
    [40, false, { labels: 'none', compact: true }],
    [8, true, { labels: 'full', compact: false }],
    [12, true, { labels: 'full', compact: false }],
    [13, true, { labels: 'short', compact: true }],
    [20, true, { labels: 'short', compact: true }],
    [21, true, { labels: 'none', compact: true }],
  ] as const)('%i stages, expanded %s', (count, expanded, layout) => {
    expect(stageProgressLayout(count, expanded)).toEqual(layout);
  });
});

describe('flow trace page and URL', () => {
  it('shows 10 rows a page (part 1 §9)', () => {
    expect(FLOW_TRACE_PAGE_SIZE).toBe(10);
  });

  it('reads its own search keys leniently', () => {
    expect(readFlowTraceSearch({ flowPage: '3', flowTrace: ' inst-1 ', flowStage: 2, flowExpanded: 'true', tab: 'trace' })).toEqual({
      flowPage: 3,
      flowTrace: 'inst-1',
      flowStage: 2,
      flowExpanded: true,
    });
    expect(readFlowTraceSearch({ flowPage: 1, flowStage: 2, flowExpanded: 'no' })).toEqual({});
    expect(readFlowTraceSearch({ flowPage: 'x', flowTrace: '', flowStage: 0 })).toEqual({});
    expect(readFlowTraceSearch({ flowTrace: 'inst-1', flowStage: -1 })).toEqual({ flowTrace: 'inst-1' });
  });

  it('prints parameters as indented JSON', () => {
    expect(parametersJson({ a: 1, b: { c: 'd' } })).toBe('{\n  "a": 1,\n  "b": {\n    "c": "d"\n  }\n}');
  });
});
