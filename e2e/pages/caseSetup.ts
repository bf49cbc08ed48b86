import { expect, type APIRequestContext } from '@playwright/test';
import { pullAll, serverMutation } from './serverReads.ts';

/** The demo workspace's main engine (server/db/seed/demoDefinitions.ts). */
export const MAIN_ENGINE = 'eng-demo-main';

export type CaseSetup = { appId: string; flowId: string; caseTypeId: string; stateIds: Record<'Received' | 'Review' | 'Paid', string>; caseId: string };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A case of its own for a journey, made over the API as the console's mutations do: an app on the main engine
 * (start → end), a case type "Claims" it starts with Received (1) → Review (2) → Paid (3), and one run of the app,
 * which opens the case; the case is then put in Received with PATCH /cases/{id}, which writes a case log. Journeys
 * share one server, so everything is named with the stamp and no seeded case is touched.
 */
export async function createClaimsCase(request: APIRequestContext, token: string, stamp: number): Promise<CaseSetup> {
  const appId = `app-e2e-${stamp}`;
  const flowId = `flw-e2e-${stamp}`;
  const caseTypeId = `cty-e2e-${stamp}`;
  const stateIds = { Received: `cst-e2e-${stamp}-1`, Review: `cst-e2e-${stamp}-2`, Paid: `cst-e2e-${stamp}-3` };
  const applied = { status: 'applied' };
  expect(await serverMutation(request, token, 'app.create', { id: appId, flowId, name: `Claims intake ${stamp}`, description: 'Starts a claim', engine: { id: MAIN_ENGINE }, isActive: true })).toMatchObject(applied);
  expect(
    await serverMutation(request, token, 'caseType.create', {
      caseTypeId,
      code: `Claims-${stamp}`,
      description: 'Claims',
      startingAppId: appId,
      states: (['Received', 'Review', 'Paid'] as const).map((key, index) => ({ stateId: stateIds[key], key, description: key, order: index + 1, hide: false })),
    }),
  ).toMatchObject(applied);
  const instanceId = `inst-e2e-${stamp}`;
  expect(await serverMutation(request, token, 'instance.start', { appId, ids: [instanceId], values: { customerId: `cust-e2e-${stamp}` } })).toMatchObject(applied);
  let caseId = '';
  await expect
    .poll(async () => {
      caseId = String((await pullAll(request, token, 'runs')).findLast((doc) => doc.id === instanceId)?.caseId ?? '');
      return caseId;
    }, { timeout: 30_000 })
    .toMatch(/^case-/);
  const moved = await request.patch(`/cases/${caseId}`, { headers: bearer(token), data: { stateId: stateIds.Received } });
  expect(moved.ok(), await moved.text()).toBe(true);
  return { appId, flowId, caseTypeId, stateIds, caseId };
}
