import { useEffect } from 'react';
import { whenIdle } from '../../app/whenIdle.ts';

const IDLE_TIMEOUT_MS = 2_000;

let started = false;

/**
 * The Flows list is where the modeler is opened from: once the browser is idle, its chunk (the modeler and
 * @xyflow/react) is fetched and evaluated, so the first click on a flow draws the canvas without waiting for
 * the library to load. Once per page; a failure is ignored (the route loads it again when opened).
 */
export function usePrefetchModeler(): void {
  useEffect(() => {
    if (started) return;
    const load = () => {
      started = true;
      void import('./modeler/FlowModelerScreen.tsx').catch(() => {
        started = false;
      });
    };
    return whenIdle(load, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: 500 });
  }, []);
}
