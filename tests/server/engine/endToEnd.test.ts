import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageDisplayStatus } from '../../../src/domain/engine/instanceStatus.ts';
import { runWrite } from '../../../server/services/context.ts';
import { cancelTicket, claimTicket, resolveTicket } from '../../../server/services/tickets.ts';
import { testBackends } from '../helpers/databases.ts';
import { adminActor, createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();

/** start → review (a ticket for the Claims Desk) → approved? notify : rejected → end. */
const reviewFlow = [
  stage('start', 'start', ['review']),
  {
    ...stage('review', 'human-interface', [], { teamId: 'team-demo-claims', slaSeconds: 3600 }),
    templateId: 'tpl-demo-claim-review',
    transitions: [{ to: 'notify', when: { '==': [{ var: 'decision' }, 'approve'] } }, { to: 'end' }],
  },
  stage('notify', 'email', ['end'], { to: '{{email}}', subject: 'Claim {{policyNumber}}', body: 'Dear {{customerName}}, approved.' }),
  stage('end', 'end'),
];

describe.each(backends)('a flow run end to end on %s', (backend) => {
  let e: EngineTest;
  beforeAll(async () => {
    e = await createEngineTest(backend);
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const instance = (id: string) => db().selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ticketOf = (instanceId: string) => db().selectFrom('tickets').selectAll().where('instance_id', '=', instanceId).executeTakeFirstOrThrow();

  it('webhook → instance → ticket → resolve → e-mail recorded → DONE, with the trace the spec shows', async () => {
    const { webhookId, token } = await e.flowApp(reviewFlow, 'Claims review');
    const engine = e.engine();
    const delivered = await e.hook(webhookId, token, { email: 'rosa@example.com', customerName: 'Rosa', policyNumber: 'P-77' });
    expect(delivered.statusCode).toBe(202);
    const { instanceId } = delivered.json();
    expect((await instance(instanceId)).status).toBe('UNPROCESSED');

    await engine.drain();
    const parked = await instance(instanceId);
    expect(parked).toMatchObject({ status: 'RUNNING', current_stage: 'review' });
    const ticket = await ticketOf(instanceId);
    expect(ticket).toMatchObject({ team_id: 'team-demo-claims', state: 'open', status: 'unassigned', stage_key: 'review', sla_seconds: 3600 });
    expect(ticket.template).toContain('<');
    expect(ticket.initial_values).toMatchObject({ email: 'rosa@example.com', policyNumber: 'P-77' });
    expect(ticket.due_at.getTime() - ticket.created_at.getTime()).toBe(3600 * 1000);

    const mailBefore = await db().selectFrom('mail_log').select('id').where('recipient', '=', 'rosa@example.com').execute();
    expect(mailBefore).toHaveLength(0);
    await runWrite(db(), adminActor(), claimTicket, { ticketId: ticket.id });
    await runWrite(db(), adminActor(), resolveTicket, { ticketId: ticket.id, data: { decision: 'approve', notes: 'fine' } });
    await engine.drain();

    const done = await instance(instanceId);
    expect(done.status).toBe('DONE');
    expect(done.end_date).not.toBeNull();
    expect(done.values).toMatchObject({ decision: 'approve', notes: 'fine', email: 'rosa@example.com' });
    const mail = await db().selectFrom('mail_log').selectAll().where('recipient', '=', 'rosa@example.com').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Claim P-77', status: 'recorded' });

    const history = done.stage_history as { stage: string; stage_type: string; success: boolean; source: string | null; timestamp: string; parameters: object }[];
    expect(history.map((h) => [h.stage, h.stage_type, h.success])).toEqual([
      ['start', 'start', true],
      ['review', 'human-interface', true],
      ['notify', 'email', true],
      ['end', 'end', true],
    ]);
    expect(history[1]).toMatchObject({ source: 'tpl-demo-claim-review', parameters: { decision: 'approve', exit: 'approved' } });
    expect(history.every((h) => !Number.isNaN(Date.parse(h.timestamp)))).toBe(true);
    expect(history.map((h) => stageDisplayStatus(h))).toEqual(['success', 'success', 'success', 'success']);

    const detail = await e.t.app.inject({ method: 'GET', url: `/instances/${instanceId}`, headers: e.admin });
    expect(detail.json().stages.map((s: { stage: string; status: string }) => `${s.stage}:${s.status}`)).toEqual([
      'start:success',
      'review:success',
      'notify:success',
      'end:success',
    ]);
  });

  it('the human-interface calls of part 2 §7 work the same ticket: search, lock, save data, set status', async () => {
    const { webhookId, token } = await e.flowApp(reviewFlow);
    const engine = e.engine();
    const { instanceId } = (await e.hook(webhookId, token, { email: 'hi@example.com' })).json();
    await engine.drain();
    const { headers: agent } = await e.t.loginAs('agent@demo.local');
    const call = (path: string, payload: object) => e.t.app.inject({ method: 'POST', url: `/humaninterface/hicase/${path}`, headers: agent, payload });
    const found = (await call('searchbygroup', { group_id: 'team-demo-claims', all: false })).json() as { id: string; light_indicator: string }[];
    const ticket = await ticketOf(instanceId);
    expect(found.map((t) => t.id)).toContain(ticket.id);
    expect(found.find((t) => t.id === ticket.id)?.light_indicator).toBe('green');
    expect((await call('setstatus', { case_id: ticket.id, data: { decision: 'approve' } })).statusCode).toBe(409);
    expect((await call('lock', { case_id: ticket.id })).statusCode).toBe(200);
    expect((await call('savedata', { case_id: ticket.id, data: { notes: 'draft' } })).statusCode).toBe(200);
    expect((await call('searchbyuser', { all: false })).json().map((t: { id: string }) => t.id)).toContain(ticket.id);
    expect((await call('setstatus', { case_id: ticket.id, data: { decision: 'approve' }, accepted: true })).statusCode).toBe(200);
    await engine.drain();
    const done = await instance(instanceId);
    expect(done.status).toBe('DONE');
    expect(done.values).toMatchObject({ decision: 'approve', notes: 'draft' });
    expect((await call('searchbyid', { case_id: 'tkt-nope' })).statusCode).toBe(404);
  });

  it('the waiting human stage shows as WAITING in the history until the ticket is solved', async () => {
    const { webhookId, token } = await e.flowApp(reviewFlow);
    const engine = e.engine();
    const { instanceId } = (await e.hook(webhookId, token, { email: 'x@example.com' })).json();
    await engine.drain();
    const history = (await instance(instanceId)).stage_history as { stage_type: string; success: boolean }[];
    expect(history.map((h) => stageDisplayStatus(h))).toEqual(['success', 'waiting']);
  });

  it('a JSON Logic condition picks the branch: a rejection skips the e-mail', async () => {
    const { webhookId, token } = await e.flowApp(reviewFlow);
    const engine = e.engine();
    const { instanceId } = (await e.hook(webhookId, token, { email: 'nobody-mailed@example.com' })).json();
    await engine.drain();
    const ticket = await ticketOf(instanceId);
    await runWrite(db(), adminActor(), claimTicket, { ticketId: ticket.id });
    await runWrite(db(), adminActor(), resolveTicket, { ticketId: ticket.id, data: { decision: 'reject' } });
    await engine.drain();
    const done = await instance(instanceId);
    expect(done.status).toBe('DONE');
    expect((done.stage_history as { stage: string }[]).map((h) => h.stage)).toEqual(['start', 'review', 'end']);
    expect(await db().selectFrom('mail_log').select('id').where('recipient', '=', 'nobody-mailed@example.com').execute()).toHaveLength(0);
  });

  it('a canceled ticket ends the instance INCOMPLETE and runs nothing after it', async () => {
    const { webhookId, token } = await e.flowApp(reviewFlow);
    const engine = e.engine();
    const { instanceId } = (await e.hook(webhookId, token, { email: 'cancel@example.com' })).json();
    await engine.drain();
    await runWrite(db(), adminActor(), cancelTicket, { ticketId: (await ticketOf(instanceId)).id });
    expect(await engine.drain()).toBe(0);
    const ended = await instance(instanceId);
    expect(ended).toMatchObject({ status: 'INCOMPLETE', current_stage: null });
    const stages = await db().selectFrom('instance_stages').select(['stage_key', 'status']).where('instance_id', '=', instanceId).orderBy('seq').execute();
    expect(stages).toEqual([
      { stage_key: 'start', status: 'success' },
      { stage_key: 'review', status: 'canceled' },
    ]);
  });

  it('deleting an app stops its running instances and cancels their open tickets; finished ones keep their status', async () => {
    const { appId, webhookId, token } = await e.flowApp(reviewFlow);
    const engine = e.engine();
    const finished = (await e.hook(webhookId, token, { email: 'done@example.com' })).json().instanceId as string;
    const waiting = (await e.hook(webhookId, token, { email: 'waiting@example.com' })).json().instanceId as string;
    const queued = (await e.hook(webhookId, token, { email: 'queued@example.com' })).json().instanceId as string;
    await engine.drain();
    await runWrite(db(), adminActor(), claimTicket, { ticketId: (await ticketOf(finished)).id });
    await runWrite(db(), adminActor(), resolveTicket, { ticketId: (await ticketOf(finished)).id, data: { decision: 'reject' } });
    await engine.drain();
    expect((await instance(finished)).status).toBe('DONE');
    // A webhook delivered just before the deletion: its instance is queued, not yet run.
    const late = (await e.hook(webhookId, token, { email: 'late@example.com' })).json().instanceId as string;
    expect((await instance(late)).status).toBe('UNPROCESSED');

    const deleted = await e.t.app.inject({ method: 'DELETE', url: `/apps/${appId}`, headers: e.admin });
    expect(deleted.statusCode).toBe(204);
    await engine.drain(); // the queued start jobs are taken and dropped

    for (const id of [waiting, queued, late]) expect(await instance(id)).toMatchObject({ status: 'DELETED' });
    expect((await instance(waiting)).end_date).not.toBeNull();
    expect(await db().selectFrom('tickets').select('id').where('instance_id', '=', late).execute()).toEqual([]);
    for (const id of [waiting, queued]) expect(await ticketOf(id)).toMatchObject({ state: 'canceled', exit: 'canceled' });
    expect(await instance(finished)).toMatchObject({ status: 'DONE' });
    expect(await ticketOf(finished)).toMatchObject({ state: 'resolved', exit: 'approved' });
  });

  it('a failed instance is retried from the failed stage, and from the start, keeping its history', async () => {
    const flow = [stage('start', 'start', ['mail']), stage('mail', 'email', ['end'], { to: '{{email}}', subject: 'Hi' }), stage('end', 'end')];
    const { appId, webhookId, token } = await e.flowApp(flow);
    const engine = e.engine();
    const { instanceId } = (await e.hook(webhookId, token, { email: 'not an address' })).json();
    await engine.drain();
    const failed = await instance(instanceId);
    expect(failed).toMatchObject({ status: 'ERROR', current_stage: 'mail' });
    expect(failed.error).toContain('no valid recipient');

    // Not failed → refused, nothing changes.
    const notYet = await e.t.app.inject({ method: 'POST', url: `/instances/inst-unknown/retry`, headers: e.admin, payload: {} });
    expect(notYet.statusCode).toBe(404);

    // Fix the data the way an operator would, then retry from the failed stage.
    await db().updateTable('instances').set({ values: { email: 'fixed@example.com' } }).where('id', '=', instanceId).execute();
    const retried = await e.t.app.inject({ method: 'POST', url: `/instances/${instanceId}/retry`, headers: e.admin, payload: { from: 'failed' } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'RUNNING', attempt: 1, currentStage: 'mail' });
    const again = await e.t.app.inject({ method: 'POST', url: `/instances/${instanceId}/retry`, headers: e.admin, payload: {} });
    expect(again.statusCode).toBe(409);
    await engine.drain();
    const done = await instance(instanceId);
    expect(done.status).toBe('DONE');
    const history = done.stage_history as { stage: string; status: string }[];
    expect(history.map((h) => `${h.stage}:${h.status}`)).toEqual(['start:success', 'mail:failed', 'mail:success', 'end:success']);

    // From the start, a new failure is retried with the values the run started with.
    const second = (await e.hook(webhookId, token, { email: 'bad' })).json().instanceId as string;
    await engine.drain();
    const fromStart = await e.t.app.inject({ method: 'POST', url: `/instances/${second}/retry`, headers: e.admin, payload: { from: 'start' } });
    expect(fromStart.statusCode).toBe(200);
    await engine.drain();
    const rerun = await instance(second);
    expect(rerun.status).toBe('ERROR');
    expect((rerun.stage_history as { stage: string }[]).map((h) => h.stage)).toEqual(['start', 'mail', 'start', 'mail']);
    const list = await e.t.app.inject({ method: 'GET', url: `/apps/${appId}/instances?status=ERROR`, headers: e.admin });
    expect(list.json().map((i: { id: string }) => i.id)).toEqual([second]);
  });
});
