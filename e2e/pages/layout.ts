import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const WIDTHS = [320, 390, 820, 1280] as const;

/**
 * How far the page reaches past the right edge: the document, and the signed-in frame's scrolling main area
 * (which would scroll sideways on its own rather than widen the document). Zero when nothing sticks out.
 */
export async function sidewaysOverflow(page: Page): Promise<{ document: number; main: number; culprits: string[] }> {
  return page.evaluate(() => {
    const main = document.getElementById('main-content');
    const limit = window.innerWidth;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5 && element.getClientRects().length > 0)
      .filter((element) => getComputedStyle(element).position !== 'fixed')
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString().split(' ').slice(0, 3).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`);
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main === null ? 0 : main.scrollWidth - main.clientWidth,
      culprits,
    };
  });
}

/**
 * Asserts that nothing scrolls sideways at the current width, once the page has laid itself out for it: right after
 * a viewport change the screens that switch on a media query (the header's workspace initials, cards below 900 px,
 * charts redrawn to their new width) take a frame or a debounce to re-render, so the check retries for a moment.
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  await expect(async () => {
    const overflow = await sidewaysOverflow(page);
    expect(overflow.document, `${where}: scrollWidth past innerWidth (${overflow.culprits.join('; ')})`).toBeLessThanOrEqual(0);
    expect(overflow.main, `${where}: main area scrolls sideways (${overflow.culprits.join('; ')})`).toBeLessThanOrEqual(0);
  }).toPass({ timeout: 3_000 });
}

/** Where journeys leave their screenshots: SHOTS_DIR when set (to look at them), else test-results. */
export const shotPath = (name: string) => `${process.env.SHOTS_DIR ?? 'test-results/shots'}/${name}.png`;
