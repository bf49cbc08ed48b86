import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Answers of this many documents or more render as transitions. A smaller answer renders at once, as before: a
 * transition shows the view's documents a moment after the sync status, which renders at once, and a screen that
 * reads both (a case type "missing" once the configuration is loaded) must not see the status ahead of the documents.
 * The lists that cost a frame are the unbounded ones (the inbox's 10,000 tickets and their cases), not pages.
 */
export const LARGE_ANSWER = 1000;

/**
 * The state of a view the worker answers (useQuery). A large answer renders as a transition, which React renders in
 * short slices, so a render of 10,000 tickets does not hold the page for longer than a frame. One such render is in
 * flight at a time: React starts a transition's render over when another transition arrives meanwhile, and on a first
 * load pages arriving faster than the inbox rendered kept it from showing at all (15.7 s before a Claim in one
 * cold-inbox bench run). Answers arriving meanwhile wait for that render's commit, and only the newest is rendered.
 * The first value (what makes a screen usable) and an urgent one (a pending effect of this page's own change) render at
 * once; an urgent one replaces a waiting answer. `firstAtOnce: false`: the first value waits its turn too, for a
 * view whose screen shows that it is loading meanwhile.
 */
export function useViewState<T>({ firstAtOnce = true }: { firstAtOnce?: boolean } = {}): [T | null, (value: T, urgent: boolean) => void] {
  const [state, setState] = useState<T | null>(null);
  const gate = useRef<{ inFlight: boolean; waiting: { value: T } | null; first: boolean }>({ inFlight: false, waiting: null, first: firstAtOnce });
  const set = useCallback((value: T, urgent: boolean) => {
    const current = gate.current;
    if (urgent || current.first) {
      current.first = false;
      current.waiting = null;
      setState(value);
    } else if (current.inFlight) current.waiting = { value };
    else {
      current.inFlight = true;
      startTransition(() => setState(value));
    }
  }, []);
  useEffect(() => {
    const current = gate.current;
    current.inFlight = false;
    const waiting = current.waiting;
    current.waiting = null;
    if (waiting !== null) set(waiting.value, false);
  }, [state, set]);
  return [state, set];
}
