import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Every axe violation on the page, whatever its impact, as 'impact: rule: help (targets)' lines (none is the goal).
 * `exclude` leaves out a third-party widget's own markup (selectors), which a test then names as a known gap.
 */
export async function axeViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((violation) => `${violation.impact ?? 'unknown'}: ${violation.id}: ${violation.help} (${violation.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}
