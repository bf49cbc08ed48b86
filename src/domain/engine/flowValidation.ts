import type { FlowStage, NodeType } from './flowGraph.ts';

/**
 * The modeler's rules before a save (issue 14 item 4): exactly one start, every stage reachable from it, an end
 * reachable from every stage, and each stage's settings as its engine handler reads them (server/engine/stages).
 * A stage's settings are its node template's config overlaid with its own, as the runner merges them, so a
 * seeded stage whose e-mail lives in its template is valid. Each problem has a code (the UI's i18n key), the
 * field it concerns and an English message (tests, logs).
 */
export type StageProblem = { code: string; message: string; field?: string; values?: Record<string, string> };
export type FlowValidation = { valid: boolean; flowProblems: StageProblem[]; stageProblems: ReadonlyMap<string, StageProblem[]> };

/** What a stage's settings can take from its node template. */
export type TemplateInfo = { nodeType: string; config: unknown };

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export const API_MAX_RETRIES = 5;
export const API_MAX_TIMEOUT_MS = 300_000;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/;
const HTTP_URL = /^https?:\/\/\S+$/i;

type Config = Record<string, unknown>;
const objectOf = (value: unknown): Config => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Config) : {});
const filled = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isInt = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

const problem = (code: string, message: string, field?: string, values?: Record<string, string>): StageProblem => ({
  code,
  message,
  ...(field === undefined ? {} : { field }),
  ...(values === undefined ? {} : { values }),
});

/** The settings the engine will run the stage with: its template's config, then its own on top. */
export function effectiveConfig(stage: FlowStage, templates: ReadonlyMap<string, TemplateInfo>): Config {
  const template = stage.templateId ? templates.get(stage.templateId) : undefined;
  return { ...objectOf(template?.config), ...stage.config };
}

function humanInterfaceProblems(stage: FlowStage, config: Config, templates: ReadonlyMap<string, TemplateInfo>): StageProblem[] {
  const found: StageProblem[] = [];
  if (!filled(config.teamId)) found.push(problem('teamRequired', 'Choose the team that gets the ticket', 'teamId'));
  if (!stage.templateId) found.push(problem('templateRequired', 'Choose the form (node template) of the ticket', 'templateId'));
  else if (templates.size > 0 && !templates.has(stage.templateId)) found.push(problem('templateUnknown', 'The chosen form does not exist', 'templateId'));
  if (!isInt(config.slaSeconds, 1, 365 * 86_400)) found.push(problem('slaRequired', 'The SLA must be a whole number of seconds, at least 1', 'slaSeconds'));
  return found;
}

function emailProblems(config: Config): StageProblem[] {
  const found: StageProblem[] = [];
  if (!filled(config.to)) found.push(problem('toRequired', 'The recipient is required', 'to'));
  else if (!EMAIL.test(config.to.trim()) && !PLACEHOLDER.test(config.to)) found.push(problem('toInvalid', 'The recipient must be an e-mail address or a {{value}}', 'to'));
  if (!filled(config.subject)) found.push(problem('subjectRequired', 'The subject is required', 'subject'));
  if (!filled(config.body)) found.push(problem('bodyRequired', 'The body is required', 'body'));
  // waitForAnswer: the stage sends answer links and parks the run until one is opened (part 2 §7 "Answer by code").
  if (config.waitForAnswer !== undefined && typeof config.waitForAnswer !== 'boolean') {
    found.push(problem('waitForAnswerInvalid', 'waitForAnswer is true or false', 'waitForAnswer'));
  }
  return found;
}

function apiProblems(config: Config): StageProblem[] {
  const found: StageProblem[] = [];
  const request = objectOf(config.request);
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  if (!(API_METHODS as readonly string[]).includes(method)) found.push(problem('methodInvalid', 'Choose the HTTP method', 'method'));
  if (!filled(request.url)) found.push(problem('urlRequired', 'The URL is required', 'url'));
  else if (!HTTP_URL.test(request.url.trim()) && !request.url.trim().startsWith('{{')) found.push(problem('urlInvalid', 'The URL must start with http:// or https://', 'url'));
  if (request.headers !== undefined) {
    const headers = request.headers;
    const valid = headers !== null && typeof headers === 'object' && !Array.isArray(headers) && Object.entries(headers).every(([k, v]) => k.trim() !== '' && typeof v === 'string');
    if (!valid) found.push(problem('headersInvalid', 'Each header needs a name and a text value', 'headers'));
  }
  if (request.timeoutMs !== undefined && !isInt(request.timeoutMs, 1, API_MAX_TIMEOUT_MS)) {
    found.push(problem('timeoutInvalid', `The timeout must be between 1 and ${API_MAX_TIMEOUT_MS} ms`, 'timeoutMs', { max: String(API_MAX_TIMEOUT_MS) }));
  }
  if (request.retries !== undefined && !isInt(request.retries, 0, API_MAX_RETRIES)) {
    found.push(problem('retriesInvalid', `Retries must be between 0 and ${API_MAX_RETRIES}`, 'retries', { max: String(API_MAX_RETRIES) }));
  }
  return found;
}

function timerProblems(config: Config): StageProblem[] {
  const general = objectOf(config.general);
  const delay = config.delaySeconds ?? general.delaySeconds;
  const hasDelay = delay !== undefined;
  const hasUntil = config.until !== undefined && config.until !== '';
  if (hasDelay && hasUntil) return [problem('timerBoth', 'Give a duration or a date, not both', 'delaySeconds')];
  if (hasDelay) return isInt(delay, 1, 10 * 365 * 86_400) ? [] : [problem('delayInvalid', 'The duration must be a whole number of seconds, at least 1', 'delaySeconds')];
  if (hasUntil) {
    const until = config.until;
    const valid = typeof until === 'string' && (PLACEHOLDER.test(until) || !Number.isNaN(new Date(until).getTime()));
    return valid ? [] : [problem('untilInvalid', 'The date is not valid', 'until')];
  }
  return [problem('timerRequired', 'Give a duration or a date', 'delaySeconds')];
}

/** Problems of one stage's own settings (not of its place in the graph). */
export function stageSettingsProblems(stage: FlowStage, templates: ReadonlyMap<string, TemplateInfo> = new Map()): StageProblem[] {
  const config = effectiveConfig(stage, templates);
  const byType: Record<NodeType, () => StageProblem[]> = {
    start: () => [],
    end: () => [],
    'human-interface': () => humanInterfaceProblems(stage, config, templates),
    email: () => emailProblems(config),
    api: () => apiProblems(config),
    script: () => (filled(config.script) ? [] : [problem('scriptRequired', 'The script is required', 'script')]),
    timer: () => timerProblems(config),
  };
  return byType[stage.nodeType]();
}

/** Stage keys reachable from `from` by following transitions (forward) or by walking them back (`reverse`). */
function reachable(stages: readonly FlowStage[], from: readonly string[], reverse: boolean): Set<string> {
  const next = new Map<string, string[]>();
  for (const stage of stages) {
    for (const t of stage.transitions) {
      const [a, b] = reverse ? [t.to, stage.key] : [stage.key, t.to];
      next.set(a, [...(next.get(a) ?? []), b]);
    }
  }
  const seen = new Set<string>(from);
  const queue = [...from];
  while (queue.length > 0) {
    for (const key of next.get(queue.pop()!) ?? []) {
      if (!seen.has(key)) {
        seen.add(key);
        queue.push(key);
      }
    }
  }
  return seen;
}

/** Every rule over the whole graph; `valid` only when there is no problem at all. */
export function validateFlow(stages: readonly FlowStage[], templates: ReadonlyMap<string, TemplateInfo> = new Map()): FlowValidation {
  const flowProblems: StageProblem[] = [];
  const stageProblems = new Map<string, StageProblem[]>();
  const add = (key: string, found: StageProblem) => stageProblems.set(key, [...(stageProblems.get(key) ?? []), found]);
  const keys = new Set<string>();
  for (const stage of stages) {
    if (keys.has(stage.key)) add(stage.key, problem('duplicateKey', `Stage key '${stage.key}' is used twice`));
    keys.add(stage.key);
  }
  const starts = stages.filter((s) => s.nodeType === 'start');
  if (starts.length !== 1) flowProblems.push(problem('startCount', `A flow needs exactly one start stage (found ${starts.length})`, undefined, { count: String(starts.length) }));
  const ends = stages.filter((s) => s.nodeType === 'end').map((s) => s.key);
  if (ends.length === 0) flowProblems.push(problem('noEnd', 'A flow needs an end stage'));

  for (const stage of stages) {
    for (const t of stage.transitions) {
      if (!keys.has(t.to)) add(stage.key, problem('unknownTarget', `Goes to a stage that does not exist ('${t.to}')`, undefined, { target: t.to }));
    }
    if (stage.nodeType === 'end' && stage.transitions.length > 0) add(stage.key, problem('endTransitions', 'An end stage cannot lead anywhere'));
    if (stage.nodeType === 'start' && stage.transitions.length === 0) add(stage.key, problem('startTransitions', 'The start must lead to a stage'));
    for (const found of stageSettingsProblems(stage, templates)) add(stage.key, found);
  }

  if (starts.length === 1) {
    const fromStart = reachable(stages, [starts[0]!.key], false);
    for (const stage of stages) if (!fromStart.has(stage.key)) add(stage.key, problem('unreachable', 'No path from the start reaches this stage'));
  }
  if (ends.length > 0) {
    const toEnd = reachable(stages, ends, true);
    for (const stage of stages) if (!toEnd.has(stage.key)) add(stage.key, problem('noEndReachable', 'No path from this stage reaches an end'));
  }
  return { valid: flowProblems.length === 0 && stageProblems.size === 0, flowProblems, stageProblems };
}

/** The first problem of the flow, for the reason Save is disabled. */
export function firstProblem(result: FlowValidation): { stageKey: string | null; problem: StageProblem } | null {
  const flow = result.flowProblems[0];
  if (flow) return { stageKey: null, problem: flow };
  for (const [stageKey, found] of result.stageProblems) if (found[0]) return { stageKey, problem: found[0] };
  return null;
}

/** Problems of the graph's shape, which no save may store: a run could not start, reach a stage or finish. */
const SHAPE_PROBLEMS: ReadonlySet<string> = new Set(['duplicateKey', 'startCount', 'noEnd', 'unknownTarget', 'endTransitions', 'startTransitions', 'unreachable', 'noEndReachable']);

/**
 * The server's check of a saved graph (an empty one is a new flow's draft and passes): the first problem of its
 * shape, with the stage it is on, or null. Stage settings are the modeler's to check (the runner reports a stage
 * that cannot run when it runs).
 */
export function graphShapeProblem(stages: readonly FlowStage[]): string | null {
  if (stages.length === 0) return null;
  const result = validateFlow(stages);
  const flow = result.flowProblems.find((p) => SHAPE_PROBLEMS.has(p.code));
  if (flow) return flow.message;
  for (const [stageKey, found] of result.stageProblems) {
    const shape = found.find((p) => SHAPE_PROBLEMS.has(p.code));
    if (shape) return `Stage '${stageKey}': ${shape.message}`;
  }
  return null;
}

