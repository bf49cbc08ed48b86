import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** case.create through POST /sync/mutations, the path the frame bridge's createCaseForFiles takes. */
describe.each(backends)('case.create on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let withApp: string;
  let standalone: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    const types = await t.handle.db.selectFrom('case_types').select(['id', 'starting_app_id']).where('workspace_id', '=', 'ws-demo').orderBy('id').execute();
    withApp = types.find((type) => type.starting_app_id !== null)!.id;
    standalone = 'ct-walk-in';
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) => tx.insertInto('case_types').values({ id: standalone, workspace_id: 'ws-demo', code: 'WALKIN', description: 'Walk-in', rev }).execute());
  });
  afterAll(() => t.close());

  const push = async (who: { headers: { authorization: string } }, args: unknown, id = randomUUID()) =>
    (await pushMutations(t, who.headers, 'case-test', [{ id, name: 'case.create', args }]))[0]!;
  const caseRow = (id: string) => t.handle.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirst();
  const instancesOf = (id: string) => t.handle.db.selectFrom('instances').select(['id', 'app_id']).where('case_id', '=', id).execute();

  it("the admin creates a case; its type's starting app runs on it; a replay answers the same case", async () => {
    const caseId = `case-${randomUUID()}`;
    const mutationId = randomUUID();
    expect(await push(admin, { caseId, caseTypeId: withApp, description: 'Lost baggage' }, mutationId)).toMatchObject({ status: 'applied' });
    expect(await caseRow(caseId)).toMatchObject({ workspace_id: 'ws-demo', case_type_id: withApp, description: 'Lost baggage' });
    expect(await instancesOf(caseId)).toHaveLength(1);
    expect(await push(admin, { caseId, caseTypeId: withApp, description: 'Lost baggage' }, mutationId)).toMatchObject({ status: 'applied' });
    expect(await push(admin, { caseId, caseTypeId: withApp, description: 'Again' })).toMatchObject({ status: 'applied' });
    expect(await instancesOf(caseId)).toHaveLength(1);
  });

  it('a case type without a starting app gets a case alone', async () => {
    const caseId = `case-${randomUUID()}`;
    expect(await push(admin, { caseId, caseTypeId: standalone, description: 'Walk-in' })).toMatchObject({ status: 'applied' });
    expect(await caseRow(caseId)).toMatchObject({ case_type_id: standalone, description: 'Walk-in' });
    expect(await instancesOf(caseId)).toHaveLength(0);
  });

  it('refusals write nothing: an agent without CASES, an unknown type, bad args, an id of another case type', async () => {
    const caseId = `case-${randomUUID()}`;
    expect(await push(agent, { caseId, caseTypeId: withApp, description: 'x' })).toMatchObject({ status: 'rejected', message: 'Creating a case needs the CASES module' });
    expect(await push(admin, { caseId, caseTypeId: 'ct-nope', description: 'x' })).toMatchObject({ status: 'rejected', message: 'Case type not found, please refresh' });
    expect(await push(admin, { caseId, caseTypeId: withApp, description: '' })).toMatchObject({ status: 'rejected', message: 'description: Description is required' });
    expect(await push(admin, { caseId: 'not-a-case-id', caseTypeId: withApp, description: 'x' })).toMatchObject({ status: 'rejected' });
    expect(await caseRow(caseId)).toBeUndefined();
    expect(await caseRow('not-a-case-id')).toBeUndefined();
    const existing = `case-${randomUUID()}`;
    await push(admin, { caseId: existing, caseTypeId: standalone, description: 'x' });
    expect(await push(admin, { caseId: existing, caseTypeId: withApp, description: 'x' })).toMatchObject({ status: 'rejected', code: 'conflict' });
  });
});
