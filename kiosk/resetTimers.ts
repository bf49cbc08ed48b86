/** When the kiosk clears the form for the next visitor. */

/** How long "Thank you" stays before the form comes back empty. */
export const RESET_AFTER_THANKS_MS = 4_000;
/** The shortest idle reset `?reset=` may ask for: less would clear a form while someone reads it. */
export const MIN_IDLE_RESET_SECONDS = 10;

/** The idle reset asked for by the page's `?reset=<seconds>`, in ms; null when absent or not a whole number of seconds. */
export function idleResetMs(search: string): number | null {
  const raw = new URLSearchParams(search).get('reset');
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  return Math.max(MIN_IDLE_RESET_SECONDS, Number(raw)) * 1000;
}
