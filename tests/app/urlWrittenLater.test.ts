import { describe, expect, it } from 'vitest';
import { urlWrittenLater } from '../../src/app/urlWrittenLater.ts';

/** A browser's session history in small: entries, the current one, and a `popstate` when it moves. */
function browserWindow() {
  const target = new EventTarget();
  const entries: { state: unknown; url: string }[] = [{ state: null, url: '/' }];
  let index = 0;
  const move = (delta: number) => {
    index = Math.min(entries.length - 1, Math.max(0, index + delta));
    target.dispatchEvent(new Event('popstate'));
  };
  const history = {
    get state() {
      return entries[index]!.state;
    },
    get length() {
      return entries.length;
    },
    pushState(state: unknown, _unused: string, url: string) {
      entries.splice(index + 1, entries.length, { state, url });
      index += 1;
    },
    replaceState(state: unknown, _unused: string, url: string) {
      entries[index] = { state, url };
    },
    back: () => move(-1),
    forward: () => move(1),
    go: (delta = 0) => move(delta),
  };
  const win = Object.assign(target, { history, name: 'the page' }) as unknown as Window;
  return { win, urls: () => entries.map((entry) => entry.url), current: () => entries[index]!.url };
}

const aTaskLater = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the address bar written a task after the click', () => {
  it('reaches the browser a task later, in order, and reads as written meanwhile', async () => {
    const browser = browserWindow();
    const win = urlWrittenLater(browser.win);
    win.history.pushState({ key: 'a' }, '', '/tickets');
    win.history.replaceState({ key: 'b' }, '', '/tickets?tab=manager');
    expect(browser.urls()).toEqual(['/']);
    expect(win.history.state).toEqual({ key: 'b' });
    expect(win.history.length).toBe(2);
    await aTaskLater();
    expect(browser.urls()).toEqual(['/', '/tickets?tab=manager']);
    expect(win.history.state).toEqual({ key: 'b' });
    expect(win.history.length).toBe(2);
  });

  it('goes back from the entry the user is on, even before it is written', () => {
    const browser = browserWindow();
    const win = urlWrittenLater(browser.win);
    win.history.pushState({ key: 'a' }, '', '/tickets');
    win.history.pushState({ key: 'b' }, '', '/tickets/T-1');
    win.history.back();
    expect(browser.current()).toBe('/tickets');
    expect(browser.urls()).toEqual(['/', '/tickets', '/tickets/T-1']);
  });

  it("drops what waits when the browser's own Back moves first, and writes what waits when the page hides", async () => {
    const browser = browserWindow();
    const win = urlWrittenLater(browser.win);
    win.history.pushState({ key: 'a' }, '', '/cases');
    await aTaskLater();
    win.history.pushState({ key: 'b' }, '', '/cases/C-1');
    browser.win.history.back();
    await aTaskLater();
    expect(browser.urls()).toEqual(['/', '/cases']);
    expect(browser.current()).toBe('/');
    win.history.replaceState({ key: 'c' }, '', '/?q=x');
    browser.win.dispatchEvent(new Event('pagehide'));
    expect(browser.current()).toBe('/?q=x');
  });

  it("leaves the rest of the window the page's own", () => {
    const browser = browserWindow();
    const win = urlWrittenLater(browser.win);
    expect(win.name).toBe('the page');
    let heard = 0;
    win.addEventListener('hashchange', () => (heard += 1));
    browser.win.dispatchEvent(new Event('hashchange'));
    expect(heard).toBe(1);
  });
});
