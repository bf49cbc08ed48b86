import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { mutate, type MutationResult } from '../../../data/replica.ts';
import { sameButPositions, withPositions } from '../../../domain/engine/flowCanvas.ts';
import { flowStageSchema, type FlowStage } from '../../../domain/engine/flowGraph.ts';
import { canRedo, canUndo, historyReducer, initialHistory } from '../../../domain/engine/flowHistory.ts';
import { validateFlow, type FlowValidation, type TemplateInfo } from '../../../domain/engine/flowValidation.ts';
import type { FlowDoc } from '../../../domain/sync/documents.gen.ts';

/**
 * Each stored stage parsed once, by object: stages are never changed in place (an edit makes new objects for
 * what it changes), so the graph, its canonical text and the canonical text of the document it came from share
 * one parse, and a drag parses only the moved stage. Null: the stage does not read as a stage.
 */
const parsedStages = new WeakMap<object, FlowStage | null>();
const stageTexts = new WeakMap<object, string>();

function parseStage(raw: unknown): FlowStage | null {
  const known = raw !== null && typeof raw === 'object' ? parsedStages.get(raw) : undefined;
  if (known !== undefined) return known;
  const parsed = flowStageSchema.safeParse(raw);
  const stage = parsed.success ? parsed.data : null;
  if (raw !== null && typeof raw === 'object') parsedStages.set(raw, stage);
  return stage;
}

/** The stages read by the schema, or null when one of them does not read (or it is not a list). */
function parsedGraph(stages: unknown): FlowStage[] | null {
  if (!Array.isArray(stages)) return null;
  const out: FlowStage[] = [];
  for (const raw of stages) {
    const stage = parseStage(raw);
    if (stage === null) return null;
    out.push(stage);
  }
  return out;
}

/** A document's graph, with defaults filled and every stage placed; an unreadable graph is empty. */
export function graphOf(stages: unknown): FlowStage[] {
  return withPositions(parsedGraph(stages) ?? []);
}

/** Object keys in sorted order at every depth: PostgreSQL's jsonb hands settings back in its own key order. */
const sortedKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]))
      : value;

/**
 * One stage's canonical text, kept by object. The schema reads its own output unchanged (trimmed keys stay
 * trimmed, filled defaults stay), so the parsed stage shares the text of the stored one.
 */
function stageText(raw: unknown): string | null {
  const known = raw !== null && typeof raw === 'object' ? stageTexts.get(raw) : undefined;
  if (known !== undefined) return known;
  const stage = parseStage(raw);
  if (stage === null) return null;
  const text = JSON.stringify(sortedKeys(stage));
  stageTexts.set(raw as object, text);
  stageTexts.set(stage, text);
  return text;
}

/**
 * The graph in one canonical text, to tell whether two graphs differ: defaults filled by the schema and keys
 * sorted, so the server's copy of what was saved here reads the same (and does not reset the undo history).
 */
const canonical = (stages: unknown): string => {
  if (Array.isArray(stages)) {
    const texts: string[] = [];
    for (const raw of stages) {
      const text = stageText(raw);
      if (text === null) break;
      texts.push(text);
    }
    if (texts.length === stages.length) return `[${texts.join(',')}]`;
  }
  return JSON.stringify(sortedKeys(stages));
};

/** A ref whose first value is worked out once (useRef's argument would be evaluated on every render). */
function useLazyRef<T>(init: () => T): { current: T } {
  const ref = useRef<{ current: T } | null>(null);
  if (ref.current === null) ref.current = { current: init() };
  return ref.current;
}

export type FlowEditor = ReturnType<typeof useFlowEditor>;

/**
 * The modeler's state: the graph with undo/redo, its validation, whether it differs from what was last saved
 * (queued), and `save`, which queues `flow.update` through the outbox. Edits of one field in a row (`coalesce`
 * names it) are one undo step. A change of the document from elsewhere replaces the graph only while there is
 * nothing unsaved here.
 */
export function useFlowEditor(flow: FlowDoc, templates: ReadonlyMap<string, TemplateInfo>) {
  const [history, dispatch] = useReducer(historyReducer<FlowStage[]>, flow.stages, (stages) => initialHistory(graphOf(stages)));
  const graph = history.present;
  const savedKey = useLazyRef(() => canonical(graph));
  const docKey = useLazyRef(() => canonical(flow.stages));
  const lastCoalesce = useRef<string | null>(null);
  const [savedAt, setSavedAt] = useState<number>(flow.updatedAt);
  const [saving, setSaving] = useState(false);

  // The canonical text and the validation read every stage: during a drag they follow a frame behind (a deferred
  // render React may interrupt), so each pointer move redraws the canvas first. `save` reads the graph itself.
  const settled = useDeferredValue(graph);
  const currentKey = useMemo(() => canonical(settled), [settled]);
  const dirty = currentKey !== savedKey.current || settled !== graph;
  // A drag changes positions only, which validation does not read: the last result stands.
  const validated = useRef<{ graph: FlowStage[]; templates: ReadonlyMap<string, TemplateInfo>; result: FlowValidation } | null>(null);
  const validation = useMemo(() => {
    const last = validated.current;
    if (last !== null && last.templates === templates && sameButPositions(last.graph, settled)) {
      last.graph = settled;
      return last.result;
    }
    const result = validateFlow(settled, templates);
    validated.current = { graph: settled, templates, result };
    return result;
  }, [settled, templates]);

  useEffect(() => {
    const incoming = canonical(flow.stages);
    if (incoming === docKey.current) return;
    docKey.current = incoming;
    if (incoming === savedKey.current || dirty) return;
    const next = graphOf(flow.stages);
    savedKey.current = canonical(next);
    dispatch({ type: 'reset', present: next });
    // Only a new document decides; `dirty` is read as it is at that moment.
  }, [flow.stages]);

  const change = useCallback((next: FlowStage[], coalesce?: string) => {
    const same = coalesce !== undefined && coalesce === lastCoalesce.current;
    lastCoalesce.current = coalesce ?? null;
    dispatch(same ? { type: 'preview', next } : { type: 'commit', next });
  }, []);
  /** A gesture (a drag) starts: what it replaces is one undo step, however many moves it makes. */
  const beginGesture = useCallback(() => {
    lastCoalesce.current = null;
    dispatch({ type: 'checkpoint' });
  }, []);
  const preview = useCallback((next: FlowStage[]) => dispatch({ type: 'preview', next }), []);
  const undo = useCallback(() => {
    lastCoalesce.current = null;
    dispatch({ type: 'undo' });
  }, []);
  const redo = useCallback(() => {
    lastCoalesce.current = null;
    dispatch({ type: 'redo' });
  }, []);
  /** An edit of the graph as it is now (handlers kept across renders, such as the side panel's, use this). */
  const present = useRef(graph);
  present.current = graph;
  const update = useCallback((edit: (stages: FlowStage[]) => FlowStage[], coalesce?: string) => change(edit(present.current), coalesce), [change]);

  const latest = useRef({ graph, dirty, valid: validation.valid, current: settled === graph, saving, templates });
  latest.current = { graph, dirty, valid: validation.valid, current: settled === graph, saving, templates };

  /** Queues the graph as it is now when it has changes and is valid; answers the outbox's result, or null. */
  const save = useCallback(async (): Promise<MutationResult | null> => {
    const { graph: stages, dirty: changed, valid: settledValid, current, saving: busy, templates: known } = latest.current;
    // A save right after a change (leaving mid-drag) checks the graph it saves, not the one validated last.
    const valid = current ? settledValid : validateFlow(stages, known).valid;
    if (!changed || !valid || busy) return null;
    setSaving(true);
    try {
      const result = await mutate('flow.update', { id: flow.id, stages });
      if (result.ok) {
        savedKey.current = canonical(stages);
        setSavedAt(Date.now());
      }
      return result;
    } finally {
      setSaving(false);
    }
  }, [flow.id]);

  return { graph, change, update, beginGesture, preview, undo, redo, canUndo: canUndo(history), canRedo: canRedo(history), validation, dirty, save, saving, savedAt };
}
