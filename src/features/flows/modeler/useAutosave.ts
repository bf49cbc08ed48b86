import { useEffect, useRef } from 'react';
import { FLOW_AUTOSAVE_MS } from '../../../domain/ui/uiConstants.ts';

/**
 * Part 1 §9: the modeler saves every 30 s, and when the user leaves the route (or the page). `save` decides
 * whether there is anything worth saving; here only when it is called.
 */
export function useAutosave(save: () => unknown, enabled: boolean): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => void latest.current(), FLOW_AUTOSAVE_MS);
    const onHide = () => void latest.current();
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onHide);
      void latest.current();
    };
  }, [enabled]);
}
