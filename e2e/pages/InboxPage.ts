import { expect } from '@playwright/test';
import type { FrameLocator, Locator, Page } from '@playwright/test';

export class InboxPage {
  readonly page: Page;
  readonly title: Locator;
  readonly search: Locator;
  readonly refreshButton: Locator;
  readonly noteButton: Locator;
  readonly notes: Locator;
  readonly template: FrameLocator;

  constructor(page: Page) {
    this.page = page;
    this.title = page.locator('#screen-title');
    this.search = page.getByRole('searchbox', { name: 'Case ID' });
    this.refreshButton = page.getByRole('button', { name: 'Refresh', exact: true });
    this.noteButton = page.getByRole('button', { name: 'Add note' });
    this.notes = page.getByTestId('case-notes');
    this.template = page.frameLocator('[data-testid="ticket-template"]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tickets');
    await expect(this.title).toHaveText('Inbox');
    await expect(this.page.locator('[data-section="ticket-manager"]').first()).toBeVisible({ timeout: 30_000 });
  }

  tab(name: 'Personal' | 'Manager' | 'External'): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** The row (a table row, or a card below 900 px) of a ticket by its Case ID, in the visible tab. */
  row(caseId: string): Locator {
    return this.rows().filter({ has: this.page.getByTestId('ticket-case-id').getByText(caseId, { exact: true }) });
  }

  /** Every listed ticket of the visible tab (rows or cards). */
  rows(): Locator {
    return this.page.getByRole('tabpanel').locator('[data-ticket-row]');
  }

  /** A ticket's Case ID link. */
  link(caseId: string): Locator {
    return this.row(caseId).getByRole('link', { name: caseId, exact: true });
  }

  /** Narrows the list to one Case ID (the search waits out its 700 ms debounce). */
  async searchCase(caseId: string): Promise<Locator> {
    await this.search.fill(caseId);
    // The row may already be listed before the search applies: wait until it is the only one left, so the list
    // does not shrink (and move the row) under a later hover or click.
    const caseIds = this.page.getByRole('tabpanel').getByTestId('ticket-case-id');
    await expect.poll(async () => (await caseIds.allTextContents()).map((text) => text.trim()), { timeout: 15_000 }).toEqual([caseId]);
    const row = this.row(caseId);
    await expect(row).toHaveCount(1);
    return row;
  }

  /** The Case ID of the first unassigned ticket of the visible tab. */
  async firstUnassignedCaseId(): Promise<string> {
    const row = this.rows().filter({ hasText: 'Waiting for operator' }).first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    return (await row.getByTestId('ticket-case-id').textContent())?.trim() ?? '';
  }

  async addNote(title: string, description: string): Promise<void> {
    await this.noteButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'New note' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog).toBeHidden();
  }
}
