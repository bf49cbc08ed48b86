import { startTransition, useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, for labels such as 'last sync 3m ago'. A tick renders as a
 * transition, in short slices: the inbox recolours its 10,000 tickets' lights on it, which held the page 54-61 ms
 * every 30 s when it rendered at once.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
