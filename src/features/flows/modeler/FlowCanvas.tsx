import { Background, Controls, MarkerType, MiniMap, ReactFlow, useReactFlow, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { conditionSummary } from '../../../domain/engine/conditionRules.ts';
import { connect, connectRefusal, edgeId, moveStages, type Point } from '../../../domain/engine/flowCanvas.ts';
import { NODE_TYPES, type FlowStage, type NodeType } from '../../../domain/engine/flowGraph.ts';
import type { StageProblem } from '../../../domain/engine/flowValidation.ts';
import { useMediaQuery } from '../../../app/shell/useMediaQuery.ts';
import { showToast } from '../../../app/state/toastAtoms.ts';
import type { FlowEditor } from './useFlowEditor.ts';
import { FIT_VIEW, STAGE_DRAG_TYPE, type Selection } from './selection.ts';
import { STAGE_SIZE, StageNode, stageHandles, type StageFlowNode } from './StageNode.tsx';
import { TransitionEdge, type TransitionFlowEdge } from './TransitionEdge.tsx';

const NODE_TYPES_OF_CANVAS = { stage: StageNode };
const EDGE_TYPES_OF_CANVAS = { transition: TransitionEdge };
const NO_PROBLEMS: readonly StageProblem[] = [];
type Size = { width: number; height: number };

/** A stage's edges, kept while what they show is unchanged. */
type EdgeEntry = { transitions: FlowStage['transitions']; name: string; selectedTo: string | null; edges: TransitionFlowEdge[] };

/** Problems as the stage shows them. */
const problemTexts = (problems: readonly StageProblem[], t: TFunction) =>
  problems.map((p) => ({ key: `${p.code}-${p.field ?? ''}`, text: t(`flows.problems.${p.code}`, { ...p.values, example: '{{email}}' }) }));

/** The edges of one stage's transitions (the selected one marked). */
function stageEdges(stage: FlowStage, selectedTo: string | null, t: TFunction): TransitionFlowEdge[] {
  return stage.transitions.map((transition) => {
    const label = conditionSummary(transition.when);
    return {
      id: edgeId(stage.key, transition.to),
      source: stage.key,
      target: transition.to,
      type: 'transition',
      markerEnd: { type: MarkerType.ArrowClosed },
      selected: selectedTo === transition.to,
      ...(label === null ? {} : { label }),
      ariaLabel: t('flows.transition.heading', { from: stage.name || stage.key, to: transition.to }),
    };
  });
}

type Props = {
  editor: FlowEditor;
  readOnly: boolean;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onAdd: (type: NodeType, position: Point) => void;
};

/**
 * The canvas (@xyflow/react): a node per stage and an edge per transition, drawn from the editor's graph. Node
 * objects are kept while their stage, selection, problems and measured size are unchanged, so a drag redraws
 * only the moved stage (a 200-stage flow stays smooth). Drags move the graph as one undo step.
 */
export function FlowCanvas({ editor, readOnly, selection, onSelect, onAdd }: Props) {
  const { t } = useTranslation();
  const { screenToFlowPosition } = useReactFlow();
  const { graph, validation } = editor;
  const cache = useRef(new Map<string, StageFlowNode>());
  const edgeCache = useRef(new Map<string, EdgeEntry>());
  const edgeList = useRef<TransitionFlowEdge[]>([]);
  const measured = useRef(new Map<string, Size>());
  const [measureTick, setMeasureTick] = useState(0);
  const dragging = useRef(false);
  // On a phone the minimap would cover much of the canvas.
  const roomy = useMediaQuery('(min-width: 640px)');

  // Translations change only with the language: then every node and edge is made anew.
  const typeLabels = useMemo(() => new Map(NODE_TYPES.map((type) => [type, t(`flows.types.${type}`)])), [t]);
  const translatedBy = useRef(t);
  if (translatedBy.current !== t) {
    translatedBy.current = t;
    cache.current = new Map();
    edgeCache.current = new Map();
  }

  const nodes = useMemo(() => {
    const next = new Map<string, StageFlowNode>();
    const list = graph.map((stage) => {
      const problems = validation.stageProblems.get(stage.key) ?? NO_PROBLEMS;
      const problemsKey = problems.map((p) => `${p.code}:${p.field ?? ''}`).join('|');
      const selected = selection?.kind === 'stage' && selection.key === stage.key;
      const size = measured.current.get(stage.key) ?? STAGE_SIZE;
      const previous = cache.current.get(stage.key);
      const node: StageFlowNode =
        previous && previous.data.stage === stage && previous.data.problemsKey === problemsKey && previous.selected === selected && previous.data.readOnly === readOnly && previous.measured === size
          ? previous
          : {
              id: stage.key,
              type: 'stage',
              position: stage.position ?? { x: 0, y: 0 },
              data: { stage, typeLabel: typeLabels.get(stage.nodeType) ?? stage.nodeType, problems: problemTexts(problems, t), problemsKey, readOnly },
              selected,
              measured: size,
              handles: stageHandles(stage.nodeType, size),
            };
      next.set(stage.key, node);
      return node;
    });
    cache.current = next;
    return list;
    // measureTick: a measured size arrived (kept in a ref so a drag does not re-measure); until then a stage is
    // taken to be STAGE_SIZE.
  }, [graph, validation, selection, readOnly, measureTick, typeLabels, t]);

  // Edges are kept per stage while its transitions, its name and its selected transition are unchanged, and the
  // list itself while all of them are: a drag moves a stage, not a transition, so the canvas keeps its edges.
  const edges = useMemo<TransitionFlowEdge[]>(() => {
    const next = new Map<string, EdgeEntry>();
    const list = graph.flatMap((stage) => {
      const selectedTo = selection?.kind === 'edge' && selection.from === stage.key ? selection.to : null;
      const previous = edgeCache.current.get(stage.key);
      const entry =
        previous && previous.transitions === stage.transitions && previous.name === stage.name && previous.selectedTo === selectedTo
          ? previous
          : { transitions: stage.transitions, name: stage.name, selectedTo, edges: stageEdges(stage, selectedTo, t) };
      next.set(stage.key, entry);
      return entry.edges;
    });
    edgeCache.current = next;
    const last = edgeList.current;
    if (list.length !== last.length || list.some((edge, i) => edge !== last[i])) edgeList.current = list;
    return edgeList.current;
  }, [graph, selection, t]);

  const onNodesChange = useCallback(
    (changes: NodeChange<StageFlowNode>[]) => {
      let sized = false;
      const moved = new Map<string, Point>();
      let selected: Selection | undefined;
      for (const change of changes) {
        if (change.type === 'dimensions' && change.dimensions) {
          measured.current.set(change.id, change.dimensions);
          sized = true;
        } else if (change.type === 'position' && change.position && !readOnly) {
          moved.set(change.id, change.position);
        } else if (change.type === 'select') {
          if (change.selected) selected = { kind: 'stage', key: change.id };
          else if (selected === undefined && selection?.kind === 'stage' && selection.key === change.id) selected = null;
        }
      }
      if (sized) setMeasureTick((n) => n + 1);
      if (moved.size > 0) {
        const next = moveStages(graph, moved);
        if (dragging.current) editor.preview(next);
        else editor.change(next);
      }
      if (selected !== undefined) onSelect(selected);
    },
    [graph, editor, readOnly, selection, onSelect],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      for (const change of changes) {
        if (change.type !== 'select') continue;
        const edge = edges.find((e) => e.id === change.id);
        if (change.selected && edge) onSelect({ kind: 'edge', from: edge.source, to: edge.target });
        else if (!change.selected && selection?.kind === 'edge' && edgeId(selection.from, selection.to) === change.id) onSelect(null);
      }
    },
    [edges, selection, onSelect],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const refusal = connectRefusal(graph, connection.source, connection.target);
      if (refusal !== null) {
        showToast('warning', t(`flows.modeler.connectRefused.${refusal}`));
        return;
      }
      editor.change(connect(graph, connection.source, connection.target));
      onSelect({ kind: 'edge', from: connection.source, to: connection.target });
    },
    [graph, editor, onSelect, t],
  );

  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(STAGE_DRAG_TYPE);
    if (readOnly || !(NODE_TYPES as readonly string[]).includes(type)) return;
    event.preventDefault();
    onAdd(type as NodeType, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES_OF_CANVAS}
      edgeTypes={EDGE_TYPES_OF_CANVAS}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      onNodeDragStart={() => {
        dragging.current = true;
        editor.beginGesture();
      }}
      onNodeDragStop={() => {
        dragging.current = false;
      }}
      onPaneClick={() => onSelect(null)}
      onDragOver={(event) => {
        if (readOnly) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDrop={onDrop}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      elementsSelectable
      deleteKeyCode={null}
      fitView
      fitViewOptions={FIT_VIEW}
      minZoom={0.1}
      aria-label={t('flows.modeler.canvas')}
    >
      <Background />
      <Controls showInteractive={false} />
      {roomy && <MiniMap pannable zoomable ariaLabel={t('flows.modeler.minimap')} />}
    </ReactFlow>
  );
}
