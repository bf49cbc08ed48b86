import type { FlowStage, FlowTransition, NodeType } from './flowGraph.ts';

/**
 * The flow graph (flows.stages) as the modeler's canvas draws it, and back: one node per stage (its key is the
 * node id) and one edge per transition (its order among the stage's transitions is the order the runner tries
 * them). The shapes match @xyflow/react's Node and Edge, so the domain stays free of the library. Edits are
 * pure functions of the graph, so undo/redo (flowHistory.ts) only keeps graphs.
 */
export type Point = { x: number; y: number };
/** A transition's JSON Logic condition and a stage's settings, as the graph schema types them. */
export type Condition = FlowTransition['when'];
export type StageConfig = FlowStage['config'];
export type StageNodeData = { stage: FlowStage };
export type CanvasNode = { id: string; type: 'stage'; position: Point; data: StageNodeData; selected?: boolean };
export type TransitionEdgeData = { index: number; when?: Condition };
export type CanvasEdge = { id: string; source: string; target: string; data: TransitionEdgeData; selected?: boolean };

export const COLUMN_WIDTH = 260;
export const ROW_HEIGHT = 130;

export const edgeId = (from: string, to: string) => `${from}->${to}`;

/**
 * Where a stage is drawn: its saved position, or a layered layout for graphs saved without one (the seed, the
 * REST calls): the start in the first column, each stage one column right of the stage that first reaches it.
 */
export function layoutPositions(stages: readonly FlowStage[]): Map<string, Point> {
  const depth = new Map<string, number>();
  const start = stages.find((s) => s.nodeType === 'start') ?? stages[0];
  const byKey = new Map(stages.map((s) => [s.key, s]));
  const queue = start ? [start.key] : [];
  if (start) depth.set(start.key, 0);
  while (queue.length > 0) {
    const key = queue.shift()!;
    for (const t of byKey.get(key)?.transitions ?? []) {
      if (!depth.has(t.to) && byKey.has(t.to)) {
        depth.set(t.to, depth.get(key)! + 1);
        queue.push(t.to);
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  const rows = new Map<number, number>();
  const positions = new Map<string, Point>();
  for (const stage of stages) {
    // Stages nothing reaches go in a column of their own after the rest, so they stand out.
    const column = depth.get(stage.key) ?? maxDepth + 1;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(stage.key, stage.position ?? { x: column * COLUMN_WIDTH, y: row * ROW_HEIGHT });
  }
  return positions;
}

export function graphToCanvas(stages: readonly FlowStage[]): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  const positions = layoutPositions(stages);
  const nodes = stages.map((stage): CanvasNode => ({ id: stage.key, type: 'stage', position: positions.get(stage.key)!, data: { stage } }));
  const edges = stages.flatMap((stage) =>
    stage.transitions.map((t, index): CanvasEdge => ({ id: edgeId(stage.key, t.to), source: stage.key, target: t.to, data: { index, ...(t.when === undefined ? {} : { when: t.when }) } })),
  );
  return { nodes, edges };
}

/** The graph a canvas shows: each node's stage at the node's position, its transitions from its edges in order. */
export function canvasToGraph(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): FlowStage[] {
  return nodes.map((node) => {
    const transitions = edges
      .filter((edge) => edge.source === node.id)
      .sort((a, b) => a.data.index - b.data.index)
      .map((edge): FlowTransition => ({ to: edge.target, ...(edge.data.when === undefined ? {} : { when: edge.data.when }) }));
    return { ...node.data.stage, key: node.id, position: { x: node.position.x, y: node.position.y }, transitions };
  });
}

// ---- edits ----------------------------------------------------------------------------------------------------

const DEFAULT_NAMES: Record<NodeType, string> = {
  start: 'Start',
  'human-interface': 'Human task',
  email: 'E-mail',
  api: 'API call',
  script: 'Script',
  timer: 'Timer',
  end: 'End',
};

/** A new stage's settings: what the form starts from. The required texts are left empty for the author. */
function defaultConfig(nodeType: NodeType): StageConfig {
  switch (nodeType) {
    case 'human-interface':
      return { teamId: '', slaSeconds: 86_400 };
    case 'email':
      return { to: '', subject: '', body: '' };
    case 'api':
      return { request: { method: 'GET', url: '', timeoutMs: 10_000, retries: 0 } };
    case 'script':
      return { script: 'return {};' };
    case 'timer':
      return { delaySeconds: 3600 };
    default:
      return {};
  }
}

/** About how much room a stage takes on the canvas, to keep a new one from landing on another. */
export const STAGE_BOX = { width: 220, height: 100 };

/** The desired place, or the first place below it (a row at a time) where no stage sits. */
export function freePosition(stages: readonly FlowStage[], desired: Point): Point {
  const taken = (p: Point) => stages.some((s) => s.position && Math.abs(s.position.x - p.x) < STAGE_BOX.width && Math.abs(s.position.y - p.y) < STAGE_BOX.height);
  let at = desired;
  for (let i = 0; i < 200 && taken(at); i += 1) at = { x: at.x, y: at.y + STAGE_BOX.height + 20 };
  return at;
}

/** A key not taken yet: `email`, then `email-2`, `email-3`… */
export function freeKey(stages: readonly FlowStage[], base: string): string {
  const taken = new Set(stages.map((s) => s.key));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export function addStage(stages: readonly FlowStage[], nodeType: NodeType, position: Point): { stages: FlowStage[]; key: string } {
  const key = freeKey(stages, nodeType === 'human-interface' ? 'task' : nodeType);
  const stage: FlowStage = { key, name: DEFAULT_NAMES[nodeType], nodeType, config: defaultConfig(nodeType), transitions: [], position };
  return { stages: [...stages, stage], key };
}

/** The stage and every transition into it go. */
export function removeStage(stages: readonly FlowStage[], key: string): FlowStage[] {
  return stages.filter((s) => s.key !== key).map((s) => (s.transitions.some((t) => t.to === key) ? { ...s, transitions: s.transitions.filter((t) => t.to !== key) } : s));
}

export type ConnectRefusal = 'self' | 'duplicate' | 'fromEnd' | 'toStart' | 'unknown';

/** Why a transition cannot be drawn, or null when it can. */
export function connectRefusal(stages: readonly FlowStage[], from: string, to: string): ConnectRefusal | null {
  const source = stages.find((s) => s.key === from);
  const target = stages.find((s) => s.key === to);
  if (!source || !target) return 'unknown';
  if (from === to) return 'self';
  if (source.nodeType === 'end') return 'fromEnd';
  if (target.nodeType === 'start') return 'toStart';
  if (source.transitions.some((t) => t.to === to)) return 'duplicate';
  return null;
}

/** A new transition, tried after the stage's others; the graph unchanged when it is refused. */
export function connect(stages: readonly FlowStage[], from: string, to: string): FlowStage[] {
  if (connectRefusal(stages, from, to) !== null) return [...stages];
  return stages.map((s) => (s.key === from ? { ...s, transitions: [...s.transitions, { to }] } : s));
}

export function removeTransition(stages: readonly FlowStage[], from: string, to: string): FlowStage[] {
  return stages.map((s) => (s.key === from ? { ...s, transitions: s.transitions.filter((t) => t.to !== to) } : s));
}

/** Changes one transition's target or condition (`when: undefined` takes the condition away). */
export function updateTransition(stages: readonly FlowStage[], from: string, to: string, change: { to?: string; when?: Condition }): FlowStage[] {
  return stages.map((s) => {
    if (s.key !== from) return s;
    return {
      ...s,
      transitions: s.transitions.map((t) => {
        if (t.to !== to) return t;
        const next: FlowTransition = { to: change.to ?? t.to };
        const when = 'when' in change ? change.when : t.when;
        return when === undefined || when === null ? next : { ...next, when };
      }),
    };
  });
}

/** Moves a transition one place earlier (-1) or later (+1) among its stage's transitions. */
export function moveTransition(stages: readonly FlowStage[], from: string, to: string, step: -1 | 1): FlowStage[] {
  return stages.map((s) => {
    if (s.key !== from) return s;
    const index = s.transitions.findIndex((t) => t.to === to);
    const other = index + step;
    if (index < 0 || other < 0 || other >= s.transitions.length) return s;
    const transitions = [...s.transitions];
    [transitions[index], transitions[other]] = [transitions[other]!, transitions[index]!];
    return { ...s, transitions };
  });
}

export type StagePatch = Partial<Pick<FlowStage, 'name' | 'templateId' | 'caseStateKey'>> & { config?: StageConfig };

/** New values of a stage's own fields; `config` replaces the stage's config. */
export function updateStage(stages: readonly FlowStage[], key: string, patch: StagePatch): FlowStage[] {
  return stages.map((s) => {
    if (s.key !== key) return s;
    const next: FlowStage = { ...s, ...patch };
    if (next.templateId === null || next.templateId === '') delete next.templateId;
    return next;
  });
}

/** Stages at new positions (a drag); the others are the same objects, so the canvas redraws only those. */
export function moveStages(stages: readonly FlowStage[], positions: ReadonlyMap<string, Point>): FlowStage[] {
  return stages.map((s) => {
    const p = positions.get(s.key);
    return p && (p.x !== s.position?.x || p.y !== s.position?.y) ? { ...s, position: { x: Math.round(p.x), y: Math.round(p.y) } } : s;
  });
}

/** Every stage with a position, so what is saved is what was drawn. */
export function withPositions(stages: readonly FlowStage[]): FlowStage[] {
  const positions = layoutPositions(stages);
  return stages.map((s) => (s.position ? s : { ...s, position: positions.get(s.key)! }));
}

/**
 * The same stage but perhaps its position: what a drag changes, and what validation and the side panel ignore.
 * Every other field is compared by identity, whatever fields a stage comes to have.
 */
export function sameButPosition(a: FlowStage, b: FlowStage): boolean {
  if (a === b) return true;
  const fields = (stage: FlowStage) => Object.keys(stage).filter((key) => key !== 'position') as (keyof FlowStage)[];
  const ours = fields(a);
  return ours.length === fields(b).length && ours.every((key) => a[key] === b[key]);
}

/** Two graphs that differ at most in where stages are drawn (edits keep unchanged parts as the same objects). */
export const sameButPositions = (a: readonly FlowStage[], b: readonly FlowStage[]): boolean => a === b || (a.length === b.length && a.every((stage, i) => sameButPosition(stage, b[i]!)));
