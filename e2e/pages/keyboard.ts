import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** What has focus, and whether it shows: the element (or the box around it) draws a focus outline. */
export async function focusState(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return { element: 'body', visible: false };
    const draws = (target: Element | null) => {
      if (target === null) return false;
      const style = getComputedStyle(target);
      return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
    };
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { element: name, visible: draws(element) || draws(element.parentElement) };
  });
}

export async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  await expect.poll(async () => (await focusState(page)).visible, { message: `${step}: focus is visible (${JSON.stringify(await focusState(page))})`, timeout: 5_000 }).toBe(true);
}

/** Presses Tab until `done` holds for the focused element; answers how many presses it took. */
export async function tabUntil(page: Page, done: () => Promise<boolean>, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await done()) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached in ${max} presses of ${key}`);
}

/** Counts pointer presses on the page, so a journey can prove it used the keyboard alone. */
export async function countPointerPresses(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { pointerPresses: number };
    counter.pointerPresses = 0;
    for (const type of ['pointerdown', 'mousedown', 'touchstart']) window.addEventListener(type, () => (counter.pointerPresses += 1), true);
  });
}

export const pointerPresses = (page: Page) => page.evaluate(() => (window as unknown as { pointerPresses?: number }).pointerPresses ?? 0);
