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

/**
 * Imports `steps` in order, each in an idle moment of its own, and hands what the last one answers to `done`. A
 * module's first import runs it and every module it needs that has not run yet, all in one task: importing a heavy
 * chunk's dependencies first, a few at a time, splits that task. A failed step ends the chain. Answers the cancel.
 */
export function importWhenIdle<T>(
  steps: ReadonlyArray<() => Promise<unknown>>,
  last: () => Promise<T>,
  done: (module: T) => void,
  wait: { timeoutMs: number; fallbackMs: number },
): () => void {
  let cancelled = false;
  let cancel = () => {};
  const next = (index: number) => {
    cancel = whenIdle(() => {
      const step = index < steps.length ? steps[index]!() : last().then(done);
      step.then(
        () => !cancelled && index < steps.length && next(index + 1),
        () => undefined,
      );
    }, wait);
  };
  next(0);
  return () => {
    cancelled = true;
    cancel();
  };
}
