import { SCREEN_BY_ROUTE } from '../screens.ts';
import { whenIdle } from '../whenIdle.ts';

/** How long the inbox's code waits for an idle moment at most. */
const INBOX_IDLE_WAIT_MS = 3000;

/**
 * The inbox is where the console's work is done: once the shell is idle after sign-in, its code is loaded and run
 * (not rendered), so the first click on Inbox does not also fetch and evaluate its modules in the task that handles the
 * click (90 ms in a cold-device trace). Answers the cancel.
 */
export function preloadInboxWhenIdle(): () => void {
  const load = () => void SCREEN_BY_ROUTE.tickets?.().catch(() => undefined);
  return whenIdle(load, { timeoutMs: INBOX_IDLE_WAIT_MS, fallbackMs: INBOX_IDLE_WAIT_MS });
}
