/**
 * Runs `task` once the browser is idle, or after `timeoutMs` at the latest. Where there is no idle callback (Safari,
 * Node) it runs after `fallbackMs`. Answers the cancel.
 */
export function whenIdle(task: () => void, { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number }): () => void {
  if (typeof globalThis.requestIdleCallback !== 'function') {
    const timer = setTimeout(task, fallbackMs);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
