/**
 * Case progress (part 2 §2 case detail and case type screen, §9): the stepper of a case.
 *
 * - The steps are the case type's visible states in their order: a state that is hidden, has order -1 (or any
 *   negative order, such as a final 'Denegado') or has the id TBD is not a step.
 * - A step is reached when the case's history (or its current state) names it; the case stands at the furthest
 *   step reached, and every step up to it counts as done (a workflow may skip a state).
 * - `percent` is the position of that step among the steps (0 when none is reached, 100 at the last).
 * - At least 3 steps are shown: missing ones are 'Upcoming Step' placeholders. Above 5 steps the stepper is compact.
 *
 * It is computed from the states as they are now, so changing a state's order or hide flag changes the progress
 * of every case of the type at once; nothing is stored per case.
 *
 * Use: `caseProgress({ states, history: historyDocs.map((h) => h.stateId), currentStateId: caseDoc.stateId })`,
 * where `states` are the case type's caseState documents (in any order) and history entries name states by
 * their row id (CaseHistoryDoc.stateId); a state key is accepted too.
 */
export const MIN_STEPS = 3;
export const COMPACT_ABOVE = 5;
export const UPCOMING_STEP = 'Upcoming Step';

export type ProgressState = { id: string; stateKey: string; description: string; order: number; hide: boolean; deleted?: boolean };

export type ProgressStep =
  | { kind: 'state'; stateId: string; stateKey: string; label: string; status: 'done' | 'current' | 'upcoming' }
  | { kind: 'placeholder'; label: typeof UPCOMING_STEP; status: 'upcoming' };

export type CaseProgress = {
  steps: ProgressStep[];
  /** Index in `steps` of the furthest step reached, or -1. */
  current: number;
  /** Whole percent of the position among the real steps (placeholders do not count). */
  percent: number;
  compact: boolean;
};

export const isVisibleState = (state: ProgressState): boolean =>
  !state.deleted && !state.hide && state.order >= 0 && state.stateKey.trim().toUpperCase() !== 'TBD';

/** The visible states, by order then id: the steps of the type's stepper. */
export function progressStates<S extends ProgressState>(states: readonly S[]): S[] {
  return states.filter(isVisibleState).sort((a, b) => a.order - b.order || a.stateKey.localeCompare(b.stateKey));
}

export function caseProgress(input: {
  states: readonly ProgressState[];
  history?: readonly (string | null | undefined)[];
  currentStateId?: string | null | undefined;
}): CaseProgress {
  const visible = progressStates(input.states);
  const named = new Set([...(input.history ?? []), input.currentStateId].filter((id): id is string => typeof id === 'string' && id !== ''));
  let current = -1;
  visible.forEach((state, index) => {
    if (named.has(state.id) || named.has(state.stateKey)) current = index;
  });
  const steps: ProgressStep[] = visible.map((state, index) => ({
    kind: 'state',
    stateId: state.id,
    stateKey: state.stateKey,
    label: state.description || state.stateKey,
    status: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
  while (steps.length < MIN_STEPS) steps.push({ kind: 'placeholder', label: UPCOMING_STEP, status: 'upcoming' });
  const percent = visible.length === 0 || current < 0 ? 0 : Math.round(((current + 1) / visible.length) * 100);
  return { steps, current, percent, compact: steps.length > COMPACT_ABOVE };
}
