import { useCallback, useRef } from 'react';
import { BUTTON_GUARD_MS } from '../domain/ui/uiConstants.ts';

/**
 * Part 1 §9 button guard: of presses closer than 1000 ms, only the first acts. Shared by buttons that replace each
 * other (Claim gives way to Unclaim under the pointer), so a double click or double tap claims once and stays.
 */
export function useButtonGuard(): (action: () => void) => void {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback((action: () => void) => {
    const now = performance.now();
    if (now - last.current < BUTTON_GUARD_MS) return;
    last.current = now;
    action();
  }, []);
}
