import { BaseEdge, getSmoothStepPath, type Edge, type EdgeProps } from '@xyflow/react';
import { memo, type CSSProperties } from 'react';

export type TransitionFlowEdge = Edge<Record<string, never>, 'transition'>;

/** The condition's text on a white halo, so it reads over the lines it crosses. */
const HALO: CSSProperties = { paintOrder: 'stroke', stroke: '#ffffff', strokeWidth: 4, strokeLinejoin: 'round' };

/**
 * A transition on the canvas: the library's smooth-step line, with its condition written at the middle. The
 * library's own label measures its text after it is drawn (a forced layout and a second render per label, some
 * 100 on a 200-stage flow); a centred text with a halo needs no measuring.
 */
export const TransitionEdge = memo(function TransitionEdge({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, label, markerEnd, style, interactionWidth }: EdgeProps<TransitionFlowEdge>) {
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, sourcePosition, targetX, targetY, targetPosition });
  return (
    <>
      <BaseEdge path={path} markerEnd={markerEnd} style={style} interactionWidth={interactionWidth} />
      {label ? (
        <g className="react-flow__edge-textwrapper">
          <text x={labelX} y={labelY} textAnchor="middle" dominantBaseline="central" className="react-flow__edge-text" style={HALO}>
            {label}
          </text>
        </g>
      ) : null}
    </>
  );
});
