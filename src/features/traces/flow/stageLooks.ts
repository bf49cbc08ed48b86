import type { StageDisplayStatus } from '../../../domain/engine/instanceStatus.ts';

/**
 * Status colours of the flow trace (part 1 §9): green successful, amber waiting, red failed; each with a glyph so
 * the status does not rest on colour alone.
 */
export const STAGE_DOT_CLASS: Record<StageDisplayStatus, string> = {
  success: 'bg-green-700 text-white',
  waiting: 'bg-amber-600 text-white',
  failed: 'bg-red-700 text-white',
};

export const STAGE_GLYPH: Record<StageDisplayStatus, string> = { success: '✓', waiting: '…', failed: '✕' };

export const STAGE_TEXT_CLASS: Record<StageDisplayStatus, string> = {
  success: 'bg-green-100 text-green-900',
  waiting: 'bg-amber-100 text-amber-950',
  failed: 'bg-red-100 text-red-900',
};

export const STAGE_STATUSES: readonly StageDisplayStatus[] = ['success', 'waiting', 'failed'];
