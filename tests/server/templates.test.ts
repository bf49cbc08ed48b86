import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_REFUSALS } from '../../src/domain/templates/templateRules.ts';
import { createWorkspace, withWorkspaceWrite } from '../../server/db/revisions.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const CASE_TYPE = 'ct-demo-claim';

type Caller = { userId: string; headers: { authorization: string } };
type TemplateView = { templateId: string; name: string; case_type: string; node_type: string; description: string; config: unknown; template: string; created: string };

describe.each(backends)('node templates: REST calls and template.* mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  let agent: Caller;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (who: Caller | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });
  const send = async (who: Caller, name: string, args: unknown) => (await pushMutations(t, who.headers, `client-${who.userId}`, [{ id: randomUUID(), name, args }]))[0]!;
  const row = (id: string) => t.handle.db.selectFrom('node_templates').selectAll().where('id', '=', id).executeTakeFirst();
  const body = { name: 'Notify adjuster', case_type: CASE_TYPE, node_type: 'email', description: 'Mails the adjuster', config: { general: { label: 'Notify' }, exported_values: [] } };

  it('POST /templates → 201 with the template EMPTY for a non-human-interface type; GET lists it first and by id', async () => {
    const reply = await call(admin, 'POST', '/templates', { ...body, template: '<p>ignored</p>' });
    expect(reply.statusCode, reply.body).toBe(201);
    const created = reply.json<TemplateView>();
    expect(created).toMatchObject({ name: 'Notify adjuster', case_type: CASE_TYPE, node_type: 'email', template: 'EMPTY', config: body.config });
    const list = (await call(admin, 'GET', '/templates')).json<TemplateView[]>();
    expect(list[0]!.templateId).toBe(created.templateId);
    expect(list.map((tpl) => tpl.templateId)).toContain('tpl-demo-claim-review');
    expect((await call(admin, 'GET', `/templates/${created.templateId}`)).json()).toMatchObject({ name: 'Notify adjuster' });
  });

  it('config as JSON text is accepted; PATCH changes only what it names and keeps a human-interface template', async () => {
    const created = (await call(admin, 'POST', '/templates', { ...body, node_type: 'human-interface', config: '{"pages":[]}', template: '<h1>Hi</h1>' })).json<TemplateView>();
    expect(created).toMatchObject({ config: { pages: [] }, template: '<h1>Hi</h1>' });
    const patched = await call(admin, 'PATCH', `/templates/${created.templateId}`, { description: 'Reworded' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ description: 'Reworded', name: 'Notify adjuster', template: '<h1>Hi</h1>', config: { pages: [] } });
    const retyped = await call(admin, 'PATCH', `/templates/${created.templateId}`, { node_type: 'script' });
    expect(retyped.json()).toMatchObject({ node_type: 'script', template: 'EMPTY' });
  });

  it.each([
    ['a missing name', { ...body, name: '' }],
    ['no case type', { name: 'x', node_type: 'email', description: 'd', config: {} }],
    ['an unknown node type', { ...body, node_type: 'robot' }],
    ['config that is not JSON', { ...body, config: '{"general": ' }],
    ['config that is a list', { ...body, config: [1, 2] }],
    ['an empty description', { ...body, description: '  ' }],
    ['an unknown field', { ...body, owner: 'me' }],
  ])('POST with %s → 400 with a message and nothing written', async (_label, payload) => {
    const before = await demoWorkspaceRev(t);
    const reply = await call(admin, 'POST', '/templates', payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json<{ message: string }>().message.length).toBeGreaterThan(5);
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('an agent without BUILDER is refused (403) and nothing changes; without a session 401; unknowns are 404', async () => {
    const before = await demoWorkspaceRev(t);
    const seeded = await row('tpl-demo-email');
    expect((await call(agent, 'POST', '/templates', body)).statusCode).toBe(403);
    expect((await call(agent, 'PATCH', '/templates/tpl-demo-email', { name: 'Hijacked' })).json()).toMatchObject({ code: 'module-disabled' });
    expect((await call(agent, 'GET', '/templates')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/templates')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/templates/tpl-nobody')).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', '/templates/tpl-nobody', { name: 'x' })).statusCode).toBe(404);
    const unknownType = await call(admin, 'POST', '/templates', { ...body, case_type: 'ct-nobody' });
    expect(unknownType.json()).toEqual({ code: 'not-found', message: TEMPLATE_REFUSALS.caseTypeNotFound });
    expect(await send(agent, 'template.update', { id: 'tpl-demo-email', name: 'Hijacked', caseTypeId: CASE_TYPE, nodeType: 'email', description: 'd', config: {}, template: null })).toMatchObject({
      status: 'rejected',
      code: 'module-disabled',
    });
    expect(await row('tpl-demo-email')).toEqual(seeded);
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it("another workspace's template is 404 for reading and for writing", async () => {
    await createWorkspace(t.handle.db, { id: 'ws-tpl-other', name: 'Other templates' });
    await withWorkspaceWrite(t.handle.db, 'ws-tpl-other', async (tx, rev) => {
      await tx.insertInto('case_types').values({ id: 'ct-tpl-other', workspace_id: 'ws-tpl-other', code: 'THEIRS', starting_app_id: null, rev }).execute();
      await tx.insertInto('node_templates').values({ id: 'tpl-other-1', workspace_id: 'ws-tpl-other', case_type_id: 'ct-tpl-other', node_type: 'start', name: 'Theirs', config: {}, rev }).execute();
    });
    expect((await call(admin, 'GET', '/templates/tpl-other-1')).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', '/templates/tpl-other-1', { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/templates')).json<TemplateView[]>().map((tpl) => tpl.templateId)).not.toContain('tpl-other-1');
    expect((await row('tpl-other-1'))?.name).toBe('Theirs');
  });

  it('template.create and template.update through the outbox reach the replica document', async () => {
    const id = `tpl-${randomUUID()}`;
    const args = { id, name: 'Outbox node', caseTypeId: CASE_TYPE, nodeType: 'api', description: 'Made offline', config: { general: { label: 'x' } }, template: null };
    expect(await send(admin, 'template.create', args)).toMatchObject({ status: 'applied' });
    expect(await row(id)).toMatchObject({ template: 'EMPTY', node_type: 'api' });
    expect(await send(admin, 'template.update', { ...args, name: 'Outbox node 2', config: { general: { label: 'y' } } })).toMatchObject({ status: 'applied' });
    const pulled = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids: [id] } });
    expect(pulled.json<{ documents: unknown[] }>().documents[0]).toMatchObject({ kind: 'nodeTemplate', name: 'Outbox node 2', config: { general: { label: 'y' } }, template: 'EMPTY' });
    expect(await send(admin, 'template.create', args)).toMatchObject({ status: 'rejected', code: 'already-exists' });
    expect(await send(admin, 'template.update', { ...args, caseTypeId: 'ct-nobody' })).toMatchObject({ status: 'rejected', code: 'not-found' });
  });
});
