import jsonLogic, { type RulesLogic } from 'json-logic-js';
import { z } from 'zod';

/**
 * The flow graph stored in flows.stages (see FlowsTable in server/db/domainTables.ts): an array of stages, the
 * `start` stage being the entry, each with transitions `{ to, when? }` where `when` is a JSON Logic condition on
 * the instance's values. The first transition whose condition holds (or that has none) is taken.
 */
export const NODE_TYPES = ['start', 'human-interface', 'email', 'api', 'script', 'timer', 'end'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

// json-logic-js's "method" operation calls any method of any value, which reaches Function through
// `constructor` and so runs arbitrary code. Conditions come from flow authors, so it is removed for everyone.
jsonLogic.rm_operation('method');

const jsonObject = z.record(z.string(), z.json());

export const flowTransitionSchema = z.object({
  to: z.string().trim().min(1, 'a transition needs a target stage'),
  when: z.json().optional(),
});

export const flowStageSchema = z.object({
  key: z.string().trim().min(1, 'a stage needs a key').max(100),
  name: z.string().max(200).default(''),
  templateId: z.string().min(1).max(200).nullish(),
  nodeType: z.enum(NODE_TYPES),
  config: jsonObject.default({}),
  caseStateKey: z.string().min(1).max(100).optional(),
  /** Where the modeler draws the stage; the runner never reads it. */
  position: z.object({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) }).optional(),
  transitions: z.array(flowTransitionSchema).max(50).default([]),
});

export type FlowTransition = z.infer<typeof flowTransitionSchema>;
export type FlowStage = z.infer<typeof flowStageSchema>;

/** Structural problems of a graph, each as a sentence; an empty graph (a new flow) has none. */
export function flowGraphProblems(stages: readonly FlowStage[]): string[] {
  if (stages.length === 0) return [];
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const stage of stages) {
    if (keys.has(stage.key)) problems.push(`Stage key '${stage.key}' is used twice`);
    keys.add(stage.key);
  }
  const starts = stages.filter((s) => s.nodeType === 'start');
  if (starts.length !== 1) problems.push(`A flow needs exactly one start stage (found ${starts.length})`);
  for (const stage of stages) {
    for (const t of stage.transitions) {
      if (!keys.has(t.to)) problems.push(`Stage '${stage.key}' goes to unknown stage '${t.to}'`);
    }
    if (stage.nodeType === 'end' && stage.transitions.length > 0) problems.push(`End stage '${stage.key}' cannot have transitions`);
    if (stage.nodeType === 'human-interface' && typeof stage.config.teamId !== 'string') {
      problems.push(`Human-interface stage '${stage.key}' needs a teamId in its config`);
    }
  }
  return problems;
}

export const flowGraphSchema = z
  .array(flowStageSchema)
  .max(200)
  .superRefine((stages, ctx) => {
    for (const message of flowGraphProblems(stages)) ctx.addIssue({ code: 'custom', message });
  });

export const startStageOf = (stages: readonly FlowStage[]) => stages.find((s) => s.nodeType === 'start');
export const stageByKey = (stages: readonly FlowStage[], key: string) => stages.find((s) => s.key === key);

/** A JSON Logic condition: truthy result holds. A rule that throws does not hold. */
export function conditionHolds(rule: unknown, values: Record<string, unknown>): boolean {
  try {
    return Boolean(jsonLogic.apply(rule as RulesLogic, values));
  } catch {
    return false;
  }
}

/**
 * The next stage key: the first transition whose condition holds or that has none. `null` when the stage has no
 * transitions (the run ends there); `undefined` when it has some but none holds (the run cannot go on).
 */
export function nextStageKey(stage: FlowStage, values: Record<string, unknown>): string | null | undefined {
  if (stage.transitions.length === 0) return null;
  const taken = stage.transitions.find((t) => t.when === undefined || t.when === null || conditionHolds(t.when, values));
  return taken?.to;
}

/** The default graph of a new app's flow: start straight to end. */
export function defaultFlowGraph(): FlowStage[] {
  return [
    { key: 'start', name: 'Start', nodeType: 'start', config: {}, transitions: [{ to: 'end' }] },
    { key: 'end', name: 'End', nodeType: 'end', config: {}, transitions: [] },
  ];
}

export const appFlowName = (appName: string) => `AppFlow_${appName}`;
export const appFlowDescription = (appName: string) => `Workflow of the ${appName} app`;
/** A new app's statistics, before any instance ran. */
export const newAppStatistics = () => ({ active: 0, appsInstances: 0, executedPoints: 0 });
