import { describe, expect, it } from 'vitest';
import type { FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import { defaultFlowGraph } from '../../../src/domain/engine/flowGraph.ts';
import { firstProblem, graphShapeProblem, stageSettingsProblems, validateFlow, type TemplateInfo } from '../../../src/domain/engine/flowValidation.ts';

const stage = (key: string, nodeType: FlowStage['nodeType'], to: string[] = [], config: FlowStage['config'] = {}, extra: Partial<FlowStage> = {}): FlowStage => ({
  key,
  name: key,
  nodeType,
  config,
  transitions: to.map((t) => ({ to: t })),
  ...extra,
});

const hi = (key: string, to: string[]) => stage(key, 'human-interface', to, { teamId: 'team-1', slaSeconds: 3600 }, { templateId: 'tpl-1' });
const email = (key: string, to: string[], config: FlowStage['config'] = { to: 'a@b.co', subject: 'Hi', body: 'Hello' }) => stage(key, 'email', to, config);
const codes = (stages: FlowStage[], key: string, templates?: ReadonlyMap<string, TemplateInfo>) => (validateFlow(stages, templates).stageProblems.get(key) ?? []).map((p) => p.code);

describe('flow validation', () => {
  it('the default graph (start straight to end) is valid', () => {
    expect(validateFlow(defaultFlowGraph())).toMatchObject({ valid: true, flowProblems: [] });
  });

  it('start → human-interface → email → end is valid', () => {
    const result = validateFlow([stage('start', 'start', ['task']), hi('task', ['mail']), email('mail', ['end']), stage('end', 'end')]);
    expect(result.valid).toBe(true);
  });

  it('a stage nothing leads to is unreachable, and says so on that stage only', () => {
    const stages = [stage('start', 'start', ['end']), email('lost', ['end']), stage('end', 'end')];
    const result = validateFlow(stages);
    expect(result.valid).toBe(false);
    expect(codes(stages, 'lost')).toEqual(['unreachable']);
    expect(result.stageProblems.get('start')).toBeUndefined();
    expect(firstProblem(result)).toMatchObject({ stageKey: 'lost', problem: { message: 'No path from the start reaches this stage' } });
  });

  it('a stage from which no end can be reached is flagged', () => {
    const stages = [stage('start', 'start', ['a', 'end']), email('a', []), stage('end', 'end')];
    expect(codes(stages, 'a')).toEqual(['noEndReachable']);
  });

  it.each([
    [0, []],
    [2, [stage('start2', 'start', ['end'])]],
  ])('a flow with %i start stages is refused as a whole', (count, extra) => {
    const stages = [...(count === 0 ? [] : [stage('start', 'start', ['end'])]), ...extra, stage('end', 'end')];
    const result = validateFlow(stages);
    expect(result.flowProblems.map((p) => p.code)).toContain('startCount');
    expect(result.flowProblems[0]!.values).toEqual({ count: String(count) });
  });

  it('a flow without an end is refused, as are transitions out of an end and to unknown stages', () => {
    expect(validateFlow([stage('start', 'start')]).flowProblems.map((p) => p.code)).toEqual(['noEnd']);
    const stages = [stage('start', 'start', ['end', 'ghost']), stage('end', 'end', ['start'])];
    expect(codes(stages, 'start')).toContain('unknownTarget');
    expect(codes(stages, 'end')).toContain('endTransitions');
  });

  it('a duplicated key is flagged', () => {
    expect(codes([stage('start', 'start', ['end']), stage('end', 'end'), stage('end', 'end')], 'end')).toContain('duplicateKey');
  });

  it.each<[string, FlowStage, string[]]>([
    ['human-interface without team, form or SLA', stage('t', 'human-interface', [], { teamId: '', slaSeconds: 0 }), ['teamRequired', 'templateRequired', 'slaRequired']],
    ['e-mail with nothing filled', email('m', [], { to: '', subject: ' ', body: '' }), ['toRequired', 'subjectRequired', 'bodyRequired']],
    ['e-mail to a non-address', email('m', [], { to: 'nobody', subject: 's', body: 'b' }), ['toInvalid']],
    ['e-mail to a value placeholder', email('m', [], { to: '{{email}}', subject: 's', body: 'b' }), []],
    ['e-mail that waits for an answer', email('m', [], { to: 'a@b.co', subject: 's', body: '{{answerLink}}', waitForAnswer: true }), []],
    ['e-mail whose wait flag is not a boolean', email('m', [], { to: 'a@b.co', subject: 's', body: 'b', waitForAnswer: 'yes' }), ['waitForAnswerInvalid']],
    ['api without method and URL', stage('a', 'api', [], { request: { method: 'FETCH', url: '' } }), ['methodInvalid', 'urlRequired']],
    ['api with a relative URL, bad headers, timeout and retries', stage('a', 'api', [], { request: { method: 'GET', url: '/x', headers: { A: 1 }, timeoutMs: 0, retries: 9 } }), ['urlInvalid', 'headersInvalid', 'timeoutInvalid', 'retriesInvalid']],
    ['api complete', stage('a', 'api', [], { request: { method: 'post', url: 'https://api.example.com/{{id}}', headers: { Accept: 'application/json' }, body: '{}', timeoutMs: 5000, retries: 2 } }), []],
    ['script empty', stage('s', 'script', [], { script: '  ' }), ['scriptRequired']],
    ['timer with neither duration nor date', stage('w', 'timer', [], {}), ['timerRequired']],
    ['timer with both', stage('w', 'timer', [], { delaySeconds: 60, until: '2026-01-01T00:00:00Z' }), ['timerBoth']],
    ['timer with a bad date', stage('w', 'timer', [], { until: 'tomorrow-ish' }), ['untilInvalid']],
    ['timer with a date', stage('w', 'timer', [], { until: '2026-01-01T00:00:00Z' }), []],
    ['timer with a duration', stage('w', 'timer', [], { delaySeconds: 60 }), []],
  ])('settings: %s', (_name, s, expected) => {
    expect(stageSettingsProblems(s).map((p) => p.code)).toEqual(expected);
  });

  it("a stage's settings may come from its node template, as the runner merges them", () => {
    const templates = new Map<string, TemplateInfo>([['tpl-mail', { nodeType: 'email', config: { to: '{{email}}', subject: 'Your claim', body: 'Done' } }]]);
    const s = stage('m', 'email', [], {}, { templateId: 'tpl-mail' });
    expect(stageSettingsProblems(s, templates)).toEqual([]);
    expect(stageSettingsProblems(s).map((p) => p.code)).toEqual(['toRequired', 'subjectRequired', 'bodyRequired']);
  });

  it('a human-interface form not among the known templates is flagged', () => {
    const templates = new Map<string, TemplateInfo>([['tpl-other', { nodeType: 'human-interface', config: {} }]]);
    expect(stageSettingsProblems(hi('t', []), templates).map((p) => p.code)).toEqual(['templateUnknown']);
  });
});

describe('the server\'s shape check of a saved graph', () => {
  const stage = (key: string, nodeType: FlowStage['nodeType'], to: string[], config: FlowStage['config'] = {}): FlowStage => ({ key, name: key, nodeType, config, transitions: to.map((t) => ({ to: t })) });

  it('passes an empty draft and a sound graph, even with unfinished stage settings', () => {
    expect(graphShapeProblem([])).toBeNull();
    expect(graphShapeProblem(defaultFlowGraph())).toBeNull();
    expect(graphShapeProblem([stage('start', 'start', ['mail']), stage('mail', 'email', ['end']), stage('end', 'end', [])])).toBeNull();
  });

  it('names an unreachable stage, a missing end and a transition to nowhere', () => {
    expect(graphShapeProblem([stage('start', 'start', ['end']), stage('lost', 'script', ['end'], { script: 'return {}' }), stage('end', 'end', [])])).toBe("Stage 'lost': No path from the start reaches this stage");
    expect(graphShapeProblem([stage('start', 'start', ['a']), stage('a', 'script', [], { script: 'return {}' })])).toBe('A flow needs an end stage');
    expect(graphShapeProblem([stage('start', 'start', ['ghost']), stage('end', 'end', [])])).toMatch(/^Stage 'start': Goes to a stage that does not exist/);
  });
});

