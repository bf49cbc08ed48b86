import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

type Visit = { stage: string; success: boolean };

const row = (page: Page, id: string) => page.locator(`[data-instance-id="${id}"]:visible`);
const progressOf = (page: Page, id: string) => row(page, id).locator('ol[data-layout]');

test.describe('flow trace view (part 1 §2)', () => {
  test.setTimeout(150_000);

  test('the admin sees the newest runs with their stage dots, opens a trace and a stage, and expands the progress', async ({ page, request }) => {
    // The newest run as the server holds it: the seeded demo workspace has instances of its flows.
    const token = await apiToken(request, ADMIN);
    const instances = (await pullAll(request, token, 'runs')).filter((doc) => doc.kind === 'instance' && !doc.deleted);
    const flows = new Map((await pullAll(request, token, 'config')).filter((doc) => doc.kind === 'flow').map((flow) => [flow.id, flow]));
    expect(instances.length).toBeGreaterThan(10);
    const newest = [...instances].sort((a, b) => Number(b.createdAt) - Number(a.createdAt))[0]!;
    const stages = newest.stageHistory as Visit[];
    const flowName = String(flows.get(String(newest.flowId))?.name);
    expect(stages.length).toBeGreaterThan(1);

    await new ShellPage(page).signInAs(ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin-info?tab=trace');
    await expect(page.getByRole('heading', { name: 'Flow trace', level: 2 })).toBeVisible();
    const newestRow = row(page, newest.id);
    await expect(newestRow).toBeVisible({ timeout: 30_000 });
    await expect(newestRow.getByRole('link', { name: flowName })).toBeVisible();
    // One dot a stage, each a button named by its place, stage and status.
    await expect(newestRow.getByRole('button', { name: /^Stage \d+ of \d+: / })).toHaveCount(stages.length);
    await expect(newestRow.getByRole('button', { name: new RegExp(`^Stage 1 of ${stages.length}: ${stages[0]!.stage}, (SUCCESS|WAITING|FAILED)$`) })).toBeVisible();
    // Ten rows a page (part 1 §9), the legend, and a paginator for the rest.
    await expect(page.locator('tr[data-instance-id]:visible')).toHaveCount(10);
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Successful');
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Waiting');
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Failed');
    await expect(page.getByRole('navigation', { name: /Flow runs/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('flowtrace-table-1280'), fullPage: true });

    // The next page shows other runs, and the page is in the URL.
    await page.getByRole('navigation', { name: /Flow runs/ }).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/flowPage=2/);
    await expect(newestRow).toHaveCount(0);
    await page.goBack();
    await expect(newestRow).toBeVisible();

    // Expand shows the stage names beside the dots; Contract takes them away again.
    await expect(progressOf(page, newest.id)).toHaveAttribute('data-layout', 'none');
    await page.getByRole('button', { name: 'Expand' }).click();
    await expect(progressOf(page, newest.id)).toHaveAttribute('data-layout', 'full');
    await expect(progressOf(page, newest.id).getByText(stages[0]!.stage, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/flowExpanded=true/);
    await page.screenshot({ path: shotPath('flowtrace-expanded-1280'), fullPage: true });
    await page.getByRole('button', { name: 'Contract' }).click();
    await expect(progressOf(page, newest.id)).toHaveAttribute('data-layout', 'none');
    await expect(progressOf(page, newest.id).getByText(stages[0]!.stage, { exact: true })).toHaveCount(0);

    // The flow name opens the trace dialog: ids, workspace, last updated and the stages as an accordion.
    await newestRow.getByRole('link', { name: flowName }).click();
    const trace = page.getByRole('dialog', { name: `Trace of ${flowName}` });
    await expect(trace.getByTestId('flow-trace-dialog')).toBeVisible();
    await expect(trace).toContainText(newest.id);
    await expect(trace).toContainText(String(newest.flowId));
    await expect(trace).toContainText(String(newest.workspaceId));
    await expect(trace).toContainText('Last updated');
    const firstStage = trace.locator('details').first();
    await firstStage.locator('summary').click();
    await expect(firstStage.getByText('Parameters', { exact: true })).toBeVisible();
    await expect(firstStage.getByText('Source', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('flowtrace-trace-dialog-1280') });
    await page.keyboard.press('Escape');
    await expect(trace).toHaveCount(0);

    // A stage dot opens the stage's own dialog, by keyboard too.
    const lastIndex = stages.length;
    const lastDot = newestRow.getByRole('button', { name: new RegExp(`^Stage ${lastIndex} of ${lastIndex}: `) });
    await lastDot.focus();
    await page.keyboard.press('Enter');
    const stageDialog = page.getByRole('dialog', { name: `Stage ${stages[lastIndex - 1]!.stage}` });
    await expect(stageDialog.getByTestId('flow-stage-dialog')).toBeVisible();
    await expect(stageDialog).toContainText(/SUCCESS|WAITING|FAILED/);
    await expect(stageDialog).toContainText('Timestamp');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('flowtrace-stage-dialog-1280') });
    await stageDialog.getByRole('button', { name: 'Close' }).click();
    await expect(stageDialog).toHaveCount(0);
    await expect(lastDot).toBeFocused();

    // A shared link to a trace opens it.
    await page.goto(`/admin-info?tab=trace&flowTrace=${newest.id}`);
    await expect(page.getByRole('dialog', { name: `Trace of ${flowName}` }).getByTestId('flow-trace-dialog')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');

    // Phone widths: cards, no sideways scroll, the dots still open their stage.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(newestRow).toBeVisible();
      await expectNoSidewaysScroll(page, `flow trace at ${width}px`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shotPath('flowtrace-table-390'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await newestRow.getByRole('button', { name: /^Stage 1 of / }).click();
    await expect(page.getByRole('dialog', { name: `Stage ${stages[0]!.stage}` }).getByTestId('flow-stage-dialog')).toBeVisible();
    await page.screenshot({ path: shotPath('flowtrace-stage-dialog-390') });
    await page.keyboard.press('Escape');

    // Offline, the runs this device holds still show, and the tab says how fresh they are.
    await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 60_000 });
    await expect(page.getByText('Not synced yet')).toHaveCount(0, { timeout: 60_000 });
    await page.context().setOffline(true);
    await expect(page.getByTestId('flow-trace-freshness')).toContainText('Offline');
    await expect(newestRow).toBeVisible();
    await page.context().setOffline(false);
  });
});
