import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every axe violation on the page, whatever its impact, as 'impact: rule: help (targets)' lines (none is the goal). */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => `${violation.impact ?? 'unknown'}: ${violation.id}: ${violation.help} (${violation.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}
