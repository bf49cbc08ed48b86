/**
 * Undo/redo of the modeler as a pure reducer over whole graphs (they are small: at most 200 stages). `commit`
 * records a step; `checkpoint` records the present before a gesture (a drag) whose moves then `preview` without
 * filling the history with one step per mouse move. `reset` starts over (a flow loaded or reloaded).
 */
export type History<T> = { past: readonly T[]; present: T; future: readonly T[] };

export type HistoryAction<T> =
  | { type: 'commit'; next: T }
  | { type: 'preview'; next: T }
  | { type: 'checkpoint' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; present: T };

/** Steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export const initialHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

const pushed = <T>(past: readonly T[], item: T): T[] => [...past, item].slice(-HISTORY_LIMIT);

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'commit':
      if (action.next === state.present) return state;
      return { past: pushed(state.past, state.present), present: action.next, future: [] };
    case 'preview':
      return action.next === state.present ? state : { ...state, present: action.next };
    case 'checkpoint':
      return { past: pushed(state.past, state.present), present: state.present, future: [] };
    case 'undo': {
      if (state.past.length === 0) return state;
      const previous = state.past[state.past.length - 1]!;
      return { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [next, ...rest] = state.future;
      return { past: pushed(state.past, state.present), present: next!, future: rest };
    }
    case 'reset':
      return initialHistory(action.present);
  }
}

export const canUndo = (state: History<unknown>) => state.past.length > 0;
export const canRedo = (state: History<unknown>) => state.future.length > 0;
