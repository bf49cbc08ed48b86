import { Handle, Position, type Node, type NodeHandle, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { FlowStage } from '../../../domain/engine/flowGraph.ts';

/** A stage and what it shows, translated by the canvas (one translation per type, not a hook per stage). */
export type StageNodeData = { stage: FlowStage; typeLabel: string; problems: readonly { key: string; text: string }[]; problemsKey: string; readOnly: boolean };
export type StageFlowNode = Node<StageNodeData, 'stage'>;

/**
 * A stage as drawn when it lists no problems (w-52, a band and two lines). The canvas is told this size and
 * where the handles are, so it draws the edges with the stages instead of measuring 200 stages first; a stage
 * that measures otherwise (problems listed, a larger font) is measured and redrawn as before.
 */
export const STAGE_SIZE = { width: 208, height: 78 };
const HANDLE = 12;

/** Where the handles of a stage of this size are (the classes below: 12 px, centred on the left and right sides). */
export function stageHandles(nodeType: FlowStage['nodeType'], size: { width: number; height: number }): NodeHandle[] {
  const y = size.height / 2 - HANDLE / 2;
  const handles: NodeHandle[] = [];
  if (nodeType !== 'start') handles.push({ type: 'target', position: Position.Left, x: -HANDLE / 2, y, width: HANDLE, height: HANDLE });
  if (nodeType !== 'end') handles.push({ type: 'source', position: Position.Right, x: size.width - HANDLE / 2, y, width: HANDLE, height: HANDLE });
  return handles;
}

/** Each stage type's band colour on the canvas (dark text on light tints, so the contrast holds). */
const TYPE_TINT: Record<FlowStage['nodeType'], string> = {
  start: 'bg-emerald-100',
  'human-interface': 'bg-sky-100',
  email: 'bg-amber-100',
  api: 'bg-violet-100',
  script: 'bg-slate-200',
  timer: 'bg-orange-100',
  end: 'bg-rose-100',
};

/**
 * A stage on the canvas: its type, name and key, the handles transitions start from (right) and arrive at
 * (left), and, when the stage has problems, a red outline with their messages on the stage itself.
 */
export const StageNode = memo(function StageNode({ data, selected }: NodeProps<StageFlowNode>) {
  const { stage, problems } = data;
  const invalid = problems.length > 0;
  const outline = invalid ? 'border-red-700 ring-2 ring-red-600' : selected ? 'border-brand ring-2 ring-brand' : 'border-slate-400';
  return (
    <div className={`w-52 rounded-lg border bg-white text-left text-slate-900 shadow-sm ${outline}`} data-stage-key={stage.key} data-invalid={invalid ? 'true' : undefined}>
      {stage.nodeType !== 'start' && <Handle type="target" position={Position.Left} isConnectable={!data.readOnly} className="!h-3 !w-3 !bg-slate-600" />}
      <div className={`rounded-t-lg px-3 py-1 text-xs font-semibold ${TYPE_TINT[stage.nodeType]}`}>{data.typeLabel}</div>
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold">{stage.name || stage.key}</p>
        <p className="truncate font-mono text-xs text-slate-600">{stage.key}</p>
        {invalid && (
          <ul className="mt-1 list-disc pl-4 text-xs text-red-800" data-testid="stage-problems">
            {problems.map((p) => (
              <li key={p.key}>{p.text}</li>
            ))}
          </ul>
        )}
      </div>
      {stage.nodeType !== 'end' && <Handle type="source" position={Position.Right} isConnectable={!data.readOnly} className="!h-3 !w-3 !bg-slate-600" />}
    </div>
  );
});
