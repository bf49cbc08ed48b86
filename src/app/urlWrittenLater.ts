/**
 * The window the router's history writes the address bar through (createBrowserHistory's `window` option): its
 * `pushState` and `replaceState` reach the browser a task later, in the order given, instead of inside the click that
 * navigated. Chromium's `history.pushState` took 5–21 ms while the page loaded a workspace (0.5 ms when idle), inside
 * the click's task: the router flushes its history in a microtask. The router's own location changes at once, so
 * the screen does not wait; only the address bar does, by one task.
 *
 * Everything else is the real window's. `back`, `forward` and `go` first write what is waiting, so they move from the
 * entry the user is on, and so does a page hide (a reload keeps the address). A `popstate` within that task (the
 * browser's own Back) drops what is waiting: the browser moved from the entry it had, and the router follows it.
 */
export function urlWrittenLater(win: Window): Window {
  const real = win.history;
  const waiting: { push: boolean; args: Parameters<History['pushState']> }[] = [];
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    if (scheduled !== null) clearTimeout(scheduled);
    scheduled = null;
    for (const { push, args } of waiting.splice(0)) (push ? real.pushState : real.replaceState).apply(real, args);
  };
  const later = (push: boolean) => (...args: Parameters<History['pushState']>) => {
    waiting.push({ push, args });
    scheduled ??= setTimeout(write, 0);
  };
  win.addEventListener('pagehide', write);
  // Added before the router's listener (the history is created with this window), so the router reads the real entry.
  win.addEventListener('popstate', () => {
    waiting.length = 0;
  });
  const history = {
    get state(): unknown {
      return waiting.length === 0 ? real.state : waiting[waiting.length - 1]!.args[0];
    },
    get length() {
      return real.length + waiting.filter((entry) => entry.push).length;
    },
    pushState: later(true),
    replaceState: later(false),
    back: () => {
      write();
      real.back();
    },
    forward: () => {
      write();
      real.forward();
    },
    go: (delta?: number) => {
      write();
      real.go(delta);
    },
  };
  return new Proxy(win, {
    get(target, key) {
      if (key === 'history') return history;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
