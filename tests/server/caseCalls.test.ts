import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Listed = { case_id: string; customer_id: string | null; caseTypeId: string; status: string; state: { id: string; description: string } | null; creationDate: string };

describe.each(backends)('case calls of part 2 §7 on %s', (backend) => {
  let t: TestApp;
  let admin: { userId: string; headers: { authorization: string } };
  let agent: { userId: string; headers: { authorization: string } };
  let other: OtherWorkspace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });
  const list = async (query: string, headers = admin.headers) => {
    const reply = await get(`/v2/cases?${query}`, headers);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ cases: Listed[]; total: number }>();
  };

  it('GET /v2/cases filters by status, type, case or customer id (any case), and a date range only with both dates', async () => {
    const all = await list('limit=500');
    expect(all.total).toBeGreaterThan(100);
    expect(all.cases.length).toBe(Math.min(500, all.total));
    const progress = await list('status=PROGRESS&caseType=ct-demo-claim');
    expect(progress.total).toBeGreaterThan(0);
    expect(progress.cases.every((c) => c.status === 'PROGRESS' && c.caseTypeId === 'ct-demo-claim')).toBe(true);
    expect((await list('status=ALL&caseType=ALL')).total).toBe(all.total);
    const one = all.cases.find((c) => c.customer_id)!;
    const byCustomer = await list(`caseId=${encodeURIComponent(one.customer_id!.slice(1, 6).toUpperCase())}`);
    expect(byCustomer.cases.map((c) => c.case_id)).toContain(one.case_id);
    expect((await list(`caseId=${one.case_id.toUpperCase()}`)).cases.map((c) => c.case_id)).toContain(one.case_id);
    const day = one.creationDate.slice(0, 10);
    const ranged = await list(`startCreationDate=${day}T00:00:00Z&endCreationDate=${day}T23:59:59Z`);
    expect(ranged.cases.every((c) => c.creationDate.startsWith(day))).toBe(true);
    expect((await list(`startCreationDate=${day}`)).total).toBe(all.total);
    const paged = await list('limit=10&offset=10');
    expect(paged.cases.map((c) => c.case_id)).toEqual(all.cases.slice(10, 20).map((c) => c.case_id));
    for (const bad of ['status=OPEN', 'limit=501', 'offset=-1', 'startCreationDate=yesterday&endCreationDate=today']) expect((await get(`/v2/cases?${bad}`)).statusCode, bad).toBe(400);
  });

  it('an agent without CASES sees only the cases of their teams’ tickets; another workspace sees none of ours', async () => {
    const mine = await list('limit=500', agent.headers);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan((await list('limit=1')).total);
    const outside = (await list('limit=500')).cases.find((c) => !mine.cases.some((m) => m.case_id === c.case_id))!;
    expect((await get(`/cases/${outside.case_id}`, agent.headers)).statusCode).toBe(404);
    const theirs = await list('limit=500', other.admin.headers);
    expect(theirs.cases.filter((c) => c.case_id.startsWith('case-demo-'))).toEqual([]);
    expect((await get(`/cases/${outside.case_id}`, other.admin.headers)).statusCode).toBe(404);
  });

  it('a case with its modules, instances, history, logs and notes', async () => {
    const [first] = (await list('status=PROGRESS&caseType=ct-demo-claim&limit=1')).cases;
    const detail = (await get(`/cases/${first!.case_id}`)).json();
    expect(detail).toMatchObject({ case_id: first!.case_id, moduleA: { status: 'PROGRESS' }, moduleB: { case_id: first!.case_id } });
    expect((await get(`/cases/${first!.case_id}/instances`)).statusCode).toBe(200);
    const history = (await get(`/cases-history/${first!.case_id}`)).json<Array<{ transaction_date: string }>>();
    expect(history.map((h) => h.transaction_date)).toEqual([...history.map((h) => h.transaction_date)].sort());
    expect((await get(`/cases/${first!.case_id}/logs`)).statusCode).toBe(200);
    expect((await get(`/cases-notes/${first!.case_id}`)).statusCode).toBe(200);
    expect((await get('/cases/case-does-not-exist')).statusCode).toBe(404);
    expect((await get('/cases-ws')).json()).toMatchObject({ workspace: 'ws-demo' });
    expect((await get('/cases-ws/ws-other-one')).statusCode).toBe(404);
  });

  it('PATCH /cases/{id} changes the state and status, logs each field and adds a history entry; bad input changes nothing', async () => {
    const [target] = (await list('status=PROGRESS&caseType=ct-demo-claim&limit=1')).cases;
    const id = target!.case_id;
    const before = await demoWorkspaceRev(t);
    for (const body of [{}, { status: 'OPEN' }, { stateId: 'cst-demo-onboarding-new' }, { unknown: 1 }]) {
      const reply = await t.app.inject({ method: 'PATCH', url: `/cases/${id}`, headers: admin.headers, payload: body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.app.inject({ method: 'PATCH', url: `/cases/${id}`, headers: agent.headers, payload: { status: 'COMPLETED' } })).statusCode).toBe(403);
    expect(await demoWorkspaceRev(t)).toBe(before);
    const reply = await t.app.inject({ method: 'PATCH', url: `/cases/${id}`, headers: admin.headers, payload: { status: 'COMPLETED', stateId: 'cst-demo-claim-rejected' } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().changed.sort()).toEqual(['state', 'status']);
    const detail = (await get(`/cases/${id}`)).json();
    expect(detail).toMatchObject({ status: 'COMPLETED', state: { id: 'cst-demo-claim-rejected', description: 'Denegado' } });
    expect(detail.closing).not.toBeNull();
    const logs = (await get(`/cases/${id}/logs?field=state`)).json<Array<{ newValue: string }>>();
    expect(logs[0]?.newValue).toBe('Denegado');
    const history = (await get(`/cases-history/${id}`)).json<Array<{ field_new_data: string }>>();
    expect(history.at(-1)?.field_new_data).toBe('cst-demo-claim-rejected');
  });

  it('notes: added through the outbox and through PUT, edited by their author with (Editado), refused to others', async () => {
    const [target] = (await list('caseType=ct-demo-onboarding&limit=1')).cases;
    const id = target!.case_id;
    const noteId = `note-${randomUUID()}`;
    const [added] = await pushMutations(t, admin.headers, 'client-case-notes', [{ id: randomUUID(), name: 'case.addNote', args: { caseId: id, noteId, title: 'Call', description: 'Called the customer', details: '' } }]);
    expect(added).toMatchObject({ status: 'applied' });
    const put = await t.app.inject({ method: 'PUT', url: `/cases-notes/${id}`, headers: admin.headers, payload: { notes: [{ id: noteId, title: 'Call', description: 'Called twice', details: '' }, { title: 'Mail', description: 'Sent the form' }] } });
    expect(put.statusCode, put.body).toBe(200);
    const notes = put.json<{ notes: Array<{ id: string; title: string; description: string; edited: boolean; agentPrefix: string }> }>().notes;
    expect(notes.find((n) => n.id === noteId)).toMatchObject({ description: 'Called twice', edited: true, agentPrefix: 'AA' });
    expect(notes.some((n) => n.title === 'Mail' && !n.edited)).toBe(true);
    const [refused] = await pushMutations(t, other.admin.headers, 'client-other', [{ id: randomUUID(), name: 'case.editNote', args: { noteId, title: 'x', description: 'y' } }]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'not-found' });
    const bad = await t.app.inject({ method: 'PUT', url: `/cases-notes/${id}`, headers: admin.headers, payload: { notes: [{ title: '', description: 'x' }] } });
    expect(bad.statusCode).toBe(400);
  });
});
