/** UI constants of part 1 §9: notice durations (successes 4 s, errors 5 s, info 3 s, others the 4 s default), search debounce, button guard, startup error delay, breakpoints. */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export const TOAST_DURATION_MS: Record<ToastKind, number> = {
  success: 4000,
  error: 5000,
  info: 3000,
  warning: 4000,
};

export const SEARCH_DEBOUNCE_MS = 700;
/** Part 2 §9: the copy toast ('Case ID copied!', 'Form URL copied!') shows for 3,000 ms. */
export const COPY_TOAST_MS = 3000;
/** Part 1 §9 button guard: a press within this time of the last one (a double click or double tap) is ignored. */
export const BUTTON_GUARD_MS = 1000;
export const STARTUP_ERROR_DELAY_MS = 2000;
/** Part 1 §9: the flow modeler saves every 30 s (when there is a valid change). */
export const FLOW_AUTOSAVE_MS = 30_000;

/** Part 1 §9 breakpoints: mobile up to 570 px, tablet up to 900 px. */
export const MOBILE_MAX_WIDTH = 570;
export const TABLET_MAX_WIDTH = 900;
