import { describe, expect, it } from 'vitest';
import {
  addStage,
  freePosition,
  canvasToGraph,
  connect,
  connectRefusal,
  graphToCanvas,
  layoutPositions,
  moveStages,
  moveTransition,
  removeStage,
  removeTransition,
  sameButPositions,
  updateStage,
  updateTransition,
  withPositions,
} from '../../../src/domain/engine/flowCanvas.ts';
import { defaultFlowGraph, flowGraphSchema, type FlowStage } from '../../../src/domain/engine/flowGraph.ts';

const review: FlowStage[] = [
  { key: 'start', name: 'Start', nodeType: 'start', config: {}, transitions: [{ to: 'review' }] },
  { key: 'review', name: 'Review', nodeType: 'human-interface', templateId: 'tpl-1', config: { teamId: 't', slaSeconds: 60 }, transitions: [{ to: 'visit', when: { '==': [{ var: 'decision' }, 'visit'] } }, { to: 'end' }] },
  { key: 'visit', name: 'Visit', nodeType: 'email', config: {}, transitions: [{ to: 'end' }] },
  { key: 'end', name: 'End', nodeType: 'end', config: {}, transitions: [] },
];

describe('graph ⇄ canvas', () => {
  it('one node per stage and one edge per transition, in order, with conditions', () => {
    const { nodes, edges } = graphToCanvas(review);
    expect(nodes.map((n) => n.id)).toEqual(['start', 'review', 'visit', 'end']);
    expect(edges.map((e) => [e.id, e.data.index])).toEqual([
      ['start->review', 0],
      ['review->visit', 0],
      ['review->end', 1],
      ['visit->end', 0],
    ]);
    expect(edges[1]!.data.when).toEqual({ '==': [{ var: 'decision' }, 'visit'] });
  });

  it('round-trips: the graph from the canvas is the graph with positions, and still passes the server schema', () => {
    const { nodes, edges } = graphToCanvas(review);
    const back = canvasToGraph(nodes, edges);
    expect(back).toEqual(withPositions(review));
    expect(flowGraphSchema.safeParse(back).success).toBe(true);
  });

  it('edge order decides transition order when reading the canvas back', () => {
    const { nodes, edges } = graphToCanvas(review);
    const swapped = edges.map((e) => (e.source === 'review' ? { ...e, data: { ...e.data, index: 1 - e.data.index } } : e));
    expect(canvasToGraph(nodes, swapped)[1]!.transitions.map((t) => t.to)).toEqual(['end', 'visit']);
  });

  it('lays graphs without positions out in columns by distance from the start, unreachable ones last', () => {
    const positions = layoutPositions([...review, { key: 'lost', name: 'Lost', nodeType: 'script', config: {}, transitions: [] }]);
    expect(positions.get('start')!.x).toBe(0);
    expect(positions.get('review')!.x).toBeGreaterThan(0);
    expect(positions.get('visit')!.x).toBe(positions.get('end')!.x);
    expect(positions.get('visit')!.y).not.toBe(positions.get('end')!.y);
    expect(positions.get('lost')!.x).toBeGreaterThan(positions.get('end')!.x);
  });
});

describe('graph edits', () => {
  it('adds a stage with a free key and the defaults of its type', () => {
    const first = addStage(defaultFlowGraph(), 'email', { x: 10, y: 20 });
    const second = addStage(first.stages, 'email', { x: 0, y: 0 });
    expect([first.key, second.key]).toEqual(['email', 'email-2']);
    expect(first.stages.at(-1)).toMatchObject({ nodeType: 'email', config: { to: '', subject: '', body: '' }, position: { x: 10, y: 20 }, transitions: [] });
  });

  it('removing a stage removes the transitions into it', () => {
    const after = removeStage(review, 'visit');
    expect(after.map((s) => s.key)).toEqual(['start', 'review', 'end']);
    expect(after[1]!.transitions).toEqual([{ to: 'end' }]);
  });

  it.each([
    ['start', 'start', 'self'],
    ['end', 'review', 'fromEnd'],
    ['review', 'start', 'toStart'],
    ['review', 'end', 'duplicate'],
    ['review', 'ghost', 'unknown'],
    ['visit', 'review', null],
  ] as const)('connecting %s → %s: %s', (from, to, refusal) => {
    expect(connectRefusal(review, from, to)).toBe(refusal);
    const after = connect(review, from, to);
    const added = after.find((s) => s.key === from)?.transitions.some((t) => t.to === to && from === 'visit');
    expect(Boolean(added)).toBe(refusal === null);
  });

  it('edits, reorders and removes transitions', () => {
    const condition = { '>': [{ var: 'amount' }, 5] };
    let stages = updateTransition(review, 'review', 'end', { when: condition });
    expect(stages[1]!.transitions[1]).toEqual({ to: 'end', when: condition });
    stages = updateTransition(stages, 'review', 'end', { when: undefined });
    expect(stages[1]!.transitions[1]).toEqual({ to: 'end' });
    stages = moveTransition(stages, 'review', 'end', -1);
    expect(stages[1]!.transitions.map((t) => t.to)).toEqual(['end', 'visit']);
    stages = removeTransition(stages, 'review', 'visit');
    expect(stages[1]!.transitions).toEqual([{ to: 'end' }]);
  });

  it('updates a stage and keeps the others as the same objects; moves only the moved', () => {
    const after = updateStage(review, 'visit', { name: 'Mail', config: { to: 'a@b.co' }, templateId: '' });
    expect(after[2]).toMatchObject({ name: 'Mail', config: { to: 'a@b.co' } });
    expect(after[2]).not.toHaveProperty('templateId');
    expect(after[0]).toBe(review[0]);
    const moved = moveStages(after, new Map([['visit', { x: 10.4, y: 20.6 }]]));
    expect(moved[2]!.position).toEqual({ x: 10, y: 21 });
    expect(moved[1]).toBe(after[1]);
  });

  it('a stage added by click lands on free room, below whatever sits where it was aimed', () => {
    const stages = withPositions(review);
    const onTheStart = stages[0]!.position!;
    const spot = freePosition(stages, onTheStart);
    expect(spot.x).toBe(onTheStart.x);
    expect(spot.y).toBeGreaterThan(onTheStart.y);
    expect(freePosition(stages, spot)).toEqual(spot);
    expect(freePosition([], { x: 5, y: 5 })).toEqual({ x: 5, y: 5 });
  });
});

describe('sameButPositions', () => {
  it('holds across a drag and not across an edit', () => {
    const graph = withPositions(review);
    const dragged = moveStages(graph, new Map([[graph[1]!.key, { x: 999, y: 5 }]]));
    expect(sameButPositions(graph, dragged)).toBe(true);
    expect(sameButPositions(graph, updateStage(graph, graph[1]!.key, { name: 'Renamed' }))).toBe(false);
    expect(sameButPositions(graph, connect(dragged, graph[2]!.key, graph[1]!.key))).toBe(false);
    expect(sameButPositions(graph, graph.slice(1))).toBe(false);
  });
});
