import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * Answers of this many documents or more render as transitions. A smaller answer renders at once, as before: a
 * transition shows the view's documents a moment after the sync status, which renders at once, and a screen that
 * reads both (a case type "missing" once the configuration is loaded) must not see the status ahead of the documents.
 * The lists that cost a frame are the unbounded ones (the inbox's 10,000 tickets and their cases), not pages.
 */
export const LARGE_ANSWER = 1000;

/** How an answer offered to a view's gate renders: at once, as a transition, or after the transition in flight. */
export type ViewRender = 'at-once' | 'transition' | 'waits';

export type ViewGate<T> = {
  offer(value: T, urgent: boolean): ViewRender;
  /** The view's state committed: the answer that waited meanwhile (the newest), to offer again, if any. */
  committed(): { value: T } | null;
};

/**
 * The order in which a view's answers render (see useViewState): an urgent one at once, replacing a waiting answer;
 * otherwise one transition in flight at a time, and only the newest answer that arrived meanwhile waits for its commit.
 */
export function viewGate<T>(): ViewGate<T> {
  let inFlight = false;
  let waiting: { value: T } | null = null;
  return {
    offer(value, urgent) {
      if (urgent) {
        waiting = null;
        return 'at-once';
      }
      if (inFlight) {
        waiting = { value };
        return 'waits';
      }
      inFlight = true;
      return 'transition';
    },
    committed() {
      inFlight = false;
      const next = waiting;
      waiting = null;
      return next;
    },
  };
}

/**
 * The state of a view the worker answers (useQuery). A large answer renders as a transition, which React renders in
 * short slices, so a render of 10,000 tickets does not hold the page for longer than a frame. One such render is in
 * flight at a time: React starts a transition's render over when another transition arrives meanwhile, and on a first
 * load pages arriving faster than the inbox rendered kept it from showing at all (15.7 s before a Claim in one
 * cold-inbox bench run). Answers arriving meanwhile wait for that render's commit, and only the newest is rendered.
 * An urgent answer (a small one, or a pending effect of this page's own change) renders at once, in place of a
 * waiting one. A large first answer is a transition too: rendered at once, React renders it in one piece (an update
 * outside a transition is not sliced), and the inbox's first 10,000 tickets held the page 50–70 ms.
 */
export function useViewState<T>(): [T | null, (value: T, urgent: boolean) => void] {
  const [state, setState] = useState<T | null>(null);
  const [gate] = useState(() => viewGate<T>());
  const set = useCallback(
    (value: T, urgent: boolean) => {
      const how = gate.offer(value, urgent);
      if (how === 'at-once') setState(value);
      else if (how === 'transition') startTransition(() => setState(value));
    },
    [gate],
  );
  useEffect(() => {
    const next = gate.committed();
    if (next !== null) set(next.value, false);
  }, [state, set, gate]);
  return [state, set];
}
