/**
 * Part 2 §2 and §9, the Graphic Designer (beta): how long it has to say it is ready, when the template is sent after
 * that, and the frame's height and its auto-resize bounds.
 */
export const DESIGNER_READY_TIMEOUT_MS = 10_000;
export const DESIGNER_TEMPLATE_DELAY_MS = 1_000;
export const DESIGNER_HEIGHT_PX = 600;
export const DESIGNER_MIN_HEIGHT_PX = 600;
export const DESIGNER_MAX_HEIGHT_PX = 1_200;

/** A height the designer asks for, kept within the bounds; anything that is not a number keeps the current one. */
export function designerHeight(requested: unknown, current: number): number {
  if (typeof requested !== 'number' || !Number.isFinite(requested)) return current;
  return Math.round(Math.min(DESIGNER_MAX_HEIGHT_PX, Math.max(DESIGNER_MIN_HEIGHT_PX, requested)));
}
