import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_REFUSALS } from '../../src/domain/forms/formRules.ts';
import { createWorkspace, withWorkspaceWrite } from '../../server/db/revisions.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const CASE_TYPE = 'ct-demo-claim';
const TEMPLATE = '<form><label>Name <input name="name" required></label></form>';

type Caller = { userId: string; headers: { authorization: string } };
type FormView = { id: string; formId: string; name: string; case_type: string; description: string; template: string; link: string | null; webhook: string | null; version: number };

describe.each(backends)('front desk forms: REST calls and form.* mutations on %s', (backend) => {
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
  const versions = async (formRowId: string) =>
    (await t.handle.db.selectFrom('frontdesk_form_versions').select(['version', 'template']).where('form_row_id', '=', formRowId).orderBy('version').execute()).map((v) => [v.version, v.template]);
  const body = { name: 'Walk-in desk', case_type: CASE_TYPE, description: 'Customers at the desk', template: TEMPLATE };

  it('POST /frontdesk/forms → 201 with a Form ID and link built from the workspace id, version 1 kept', async () => {
    const reply = await call(admin, 'POST', '/frontdesk/forms', body);
    expect(reply.statusCode, reply.body).toBe(201);
    const form = reply.json<FormView>();
    expect(form.formId).toMatch(/^ws-demo-[a-z0-9]{6}$/);
    expect(form).toMatchObject({ name: 'Walk-in desk', case_type: CASE_TYPE, link: `/forms/${form.formId}`, webhook: null, version: 1 });
    expect(await versions(form.id)).toEqual([[1, TEMPLATE]]);
    expect((await call(admin, 'GET', `/frontdesk/forms/${form.id}`)).json()).toMatchObject({ formId: form.formId });
    expect((await call(admin, 'GET', `/frontdesk/forms/${form.formId}`)).json()).toMatchObject({ id: form.id });
    const list = (await call(admin, 'GET', '/frontdesk/forms')).json<FormView[]>();
    expect(list.map((f) => f.formId)).toEqual(expect.arrayContaining([form.formId, 'claims-intake']));
    const all = await call(admin, 'POST', '/formsmanager/forms/all', {});
    expect(all.statusCode).toBe(200);
    expect(all.json<FormView[]>().map((f) => f.formId)).toEqual(list.map((f) => f.formId));
  });

  it('PATCH /frontdesk/forms/{id} → 204; a changed template is a new version, the same template is not', async () => {
    const form = (await call(admin, 'POST', '/frontdesk/forms', body)).json<FormView>();
    const same = await call(admin, 'PATCH', `/frontdesk/forms/${form.id}`, { name: 'Renamed desk', webhook: 'https://hooks.example/in' });
    expect(same.statusCode, same.body).toBe(204);
    expect(same.body).toBe('');
    expect((await call(admin, 'GET', `/frontdesk/forms/${form.id}`)).json()).toMatchObject({ name: 'Renamed desk', webhook: 'https://hooks.example/in', version: 1 });
    const changed = `${TEMPLATE}<input name="phone" type="tel">`;
    expect((await call(admin, 'PATCH', `/frontdesk/forms/${form.id}`, { template: changed, link: '/forms/elsewhere' })).statusCode).toBe(204);
    expect((await call(admin, 'GET', `/frontdesk/forms/${form.id}`)).json()).toMatchObject({ template: changed, link: '/forms/elsewhere', version: 2 });
    expect(await versions(form.id)).toEqual([
      [1, TEMPLATE],
      [2, changed],
    ]);
  });

  it.each([
    ['a missing name', { ...body, name: '' }],
    ['no case type', { name: 'x', description: 'd', template: 't' }],
    ['an empty template', { ...body, template: '' }],
    ['a javascript: link', { ...body, link: 'javascript:alert(1)' }],
    ['a Form ID with capitals', { ...body, form_id: 'Bad-Slug' }],
    ['an unknown field', { ...body, owner: 'me' }],
  ])('POST with %s → 400 and nothing written', async (_label, payload) => {
    const before = await demoWorkspaceRev(t);
    const reply = await call(admin, 'POST', '/frontdesk/forms', payload);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json<{ message: string }>().message.length).toBeGreaterThan(5);
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('PATCH with an http webhook on a real host → 400', async () => {
    const reply = await call(admin, 'PATCH', '/frontdesk/forms/fdf-demo-claims', { webhook: 'http://hooks.example/in' });
    expect(reply.statusCode).toBe(400);
  });

  it('an agent is refused (403), without a session 401; an unknown form or case type is 404', async () => {
    const before = await demoWorkspaceRev(t);
    expect((await call(agent, 'POST', '/frontdesk/forms', body)).statusCode).toBe(403);
    expect((await call(agent, 'PATCH', '/frontdesk/forms/fdf-demo-claims', { name: 'x' })).statusCode).toBe(403);
    expect((await call(agent, 'GET', '/frontdesk/forms')).json()).toMatchObject({ code: 'module-disabled' });
    expect((await call(null, 'GET', '/frontdesk/forms')).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/frontdesk/forms/fdf-nobody')).statusCode).toBe(404);
    expect((await call(admin, 'PATCH', '/frontdesk/forms/fdf-nobody', { name: 'x' })).statusCode).toBe(404);
    const unknownType = await call(admin, 'POST', '/frontdesk/forms', { ...body, case_type: 'ct-nobody' });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json()).toEqual({ code: 'not-found', message: FORM_REFUSALS.caseTypeNotFound });
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('a Form ID used in another workspace → 409 already-exists, by REST and by mutation', async () => {
    await createWorkspace(t.handle.db, { id: 'ws-forms-other', name: 'Other forms' });
    await withWorkspaceWrite(t.handle.db, 'ws-forms-other', async (tx, rev) => {
      await tx.insertInto('case_types').values({ id: 'ct-forms-other', workspace_id: 'ws-forms-other', code: 'THEIRS', starting_app_id: null, rev }).execute();
      await tx.insertInto('frontdesk_forms').values({ id: 'fdf-other-1', workspace_id: 'ws-forms-other', form_id: 'taken-elsewhere', name: 'Theirs', case_type_id: 'ct-forms-other', link: null, webhook: null, rev }).execute();
    });
    const reply = await call(admin, 'POST', '/frontdesk/forms', { ...body, form_id: 'taken-elsewhere' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ code: 'already-exists', message: 'This Form ID is already used' });
    const outcome = await send(admin, 'form.create', { id: `form-${randomUUID()}`, formId: 'taken-elsewhere', name: 'n', caseTypeId: CASE_TYPE, description: 'd', template: TEMPLATE, link: null });
    expect(outcome).toMatchObject({ status: 'rejected', code: 'already-exists', message: 'This Form ID is already used' });
  });

  it('form.create and form.update through the outbox: the replica doc carries the version, bumped on a template change', async () => {
    const id = `form-${randomUUID()}`;
    const created = await send(admin, 'form.create', { id, formId: `desk-${id.slice(5, 13)}`, name: 'Outbox desk', caseTypeId: CASE_TYPE, description: 'Made offline', template: TEMPLATE, link: null });
    expect(created, JSON.stringify(created)).toMatchObject({ status: 'applied' });
    const doc = async () => (await t.handle.db.selectFrom('frontdesk_forms').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    expect(await doc()).toMatchObject({ version: 1, link: null });
    const update = { id, name: 'Outbox desk', caseTypeId: CASE_TYPE, description: 'Made offline', link: `/forms/x-${id.slice(5, 13)}`, webhook: null };
    expect(await send(admin, 'form.update', { ...update, template: TEMPLATE })).toMatchObject({ status: 'applied' });
    expect((await doc()).version).toBe(1);
    expect(await send(admin, 'form.update', { ...update, template: `${TEMPLATE} ` })).toMatchObject({ status: 'applied' });
    expect((await doc()).version).toBe(2);
    expect(await versions(id)).toHaveLength(2);
    const pulled = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids: [id] } });
    expect(pulled.json<{ documents: unknown[] }>().documents[0]).toMatchObject({ kind: 'frontdeskForm', version: 2, formId: `desk-${id.slice(5, 13)}` });
    expect(await send(agent, 'form.update', { ...update, template: TEMPLATE })).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await send(admin, 'form.update', { ...update, caseTypeId: 'ct-nobody', template: TEMPLATE })).toMatchObject({ status: 'rejected', code: 'not-found' });
  });
});
