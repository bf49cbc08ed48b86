/** What the side panel edits: one stage, one transition (from → to), or nothing. */
export type Selection = { kind: 'stage'; key: string } | { kind: 'edge'; from: string; to: string } | null;

/** The mime type a palette item carries when it is dragged onto the canvas. */
export const STAGE_DRAG_TYPE = 'application/x-flow-stage-type';

/** Fit view: a small flow is shown at its size, not blown up to fill the canvas. */
export const FIT_VIEW = { maxZoom: 1, padding: 0.1 };
