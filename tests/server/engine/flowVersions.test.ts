import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import { runWrite } from '../../../server/services/context.ts';
import { claimTicket, resolveTicket } from '../../../server/services/tickets.ts';
import { testBackends } from '../helpers/databases.ts';
import { adminActor, createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();

const review = (next: string): FlowStage => ({
  ...stage('review', 'human-interface', [next], { teamId: 'team-demo-claims', slaSeconds: 3600 }),
  templateId: 'tpl-demo-claim-review',
});

/** Version 1: start → review (Claims Desk) → notify → end. */
const firstGraph = [
  stage('start', 'start', ['review']),
  review('notify'),
  stage('notify', 'email', ['end'], { to: '{{email}}', subject: 'First version', body: 'Approved.' }),
  stage('end', 'end'),
];

/** Version 2: the stage after the human one is another e-mail, and a script stage is added before the end. */
const secondGraph = [
  stage('start', 'start', ['review']),
  review('confirm'),
  stage('confirm', 'email', ['tag'], { to: '{{email}}', subject: 'Second version', body: 'Confirmed.' }),
  stage('tag', 'script', ['end'], { script: 'return { tagged: "v2" };', exported_values: ['tagged'] }),
  stage('end', 'end'),
];

describe.each(backends)('flow versions on %s', (backend) => {
  let e: EngineTest;
  beforeAll(async () => {
    e = await createEngineTest(backend);
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const instance = (id: string) => db().selectFrom('instances').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const flowOf = (id: string) => db().selectFrom('flows').select(['version', 'stages']).where('id', '=', id).executeTakeFirstOrThrow();
  const versionsOf = (flowId: string) => db().selectFrom('flow_versions').select(['version', 'stages']).where('flow_id', '=', flowId).orderBy('version').execute();
  const saveStages = async (flowId: string, stages: FlowStage[]) => {
    const saved = await e.t.app.inject({ method: 'PATCH', url: `/flowmanager/flows/${flowId}`, headers: e.admin, payload: { stages } });
    expect(saved.statusCode).toBe(200);
    return saved.json() as { version: number };
  };
  const approve = async (instanceId: string) => {
    const ticket = await db().selectFrom('tickets').select('id').where('instance_id', '=', instanceId).executeTakeFirstOrThrow();
    await runWrite(db(), adminActor(), claimTicket, { ticketId: ticket.id });
    await runWrite(db(), adminActor(), resolveTicket, { ticketId: ticket.id, data: { decision: 'approve' } });
  };
  const path = async (instanceId: string) => ((await instance(instanceId)).stage_history as { stage: string }[]).map((h) => h.stage);
  const subjectsTo = async (recipient: string) => (await db().selectFrom('mail_log').select('subject').where('recipient', '=', recipient).execute()).map((m) => m.subject);

  it('saving a flow nobody runs edits its current version in place', async () => {
    const { flowId } = await e.flowApp(firstGraph);
    expect(await flowOf(flowId)).toMatchObject({ version: 1 });
    expect(await saveStages(flowId, secondGraph)).toMatchObject({ version: 1 });
    expect(await versionsOf(flowId)).toEqual([{ version: 1, stages: secondGraph }]);
  });

  it('an instance waiting at its human stage while the flow is edited completes on its old version; a new one runs the new version', async () => {
    const { flowId, webhookId, token } = await e.flowApp(firstGraph, 'Versioned intake');
    const engine = e.engine();
    const waiting = (await e.hook(webhookId, token, { email: 'old-run@example.com' })).json().instanceId as string;
    await engine.drain();
    expect(await instance(waiting)).toMatchObject({ status: 'RUNNING', current_stage: 'review', flow_version: 1 });

    expect(await saveStages(flowId, secondGraph)).toMatchObject({ version: 2 });
    // Saving the same stages again changes nothing: no third version.
    expect(await saveStages(flowId, secondGraph)).toMatchObject({ version: 2 });
    expect(await flowOf(flowId)).toEqual({ version: 2, stages: secondGraph });
    expect(await versionsOf(flowId)).toEqual([
      { version: 1, stages: firstGraph },
      { version: 2, stages: secondGraph },
    ]);

    const fresh = (await e.hook(webhookId, token, { email: 'new-run@example.com' })).json().instanceId as string;
    await engine.drain();
    expect(await instance(fresh)).toMatchObject({ status: 'RUNNING', current_stage: 'review', flow_version: 2 });

    await approve(waiting);
    await approve(fresh);
    await engine.drain();

    expect(await instance(waiting)).toMatchObject({ status: 'DONE', flow_version: 1 });
    expect(await path(waiting)).toEqual(['start', 'review', 'notify', 'end']);
    expect(await subjectsTo('old-run@example.com')).toEqual(['First version']);

    expect(await instance(fresh)).toMatchObject({ status: 'DONE', flow_version: 2 });
    expect(await path(fresh)).toEqual(['start', 'review', 'confirm', 'tag', 'end']);
    expect(await subjectsTo('new-run@example.com')).toEqual(['Second version']);

    const detail = await e.t.app.inject({ method: 'GET', url: `/instances/${waiting}`, headers: e.admin });
    expect(detail.json()).toMatchObject({ flowId, flowVersion: 1 });
  });

  it('a retry of a failed instance, from its failed stage or from the start, stays on the version it started with', async () => {
    const failing = [stage('start', 'start', ['work']), stage('work', 'script', ['end'], { script: 'throw new Error("version one fails")' }), stage('end', 'end')];
    const fixed = [stage('start', 'start', ['work']), stage('work', 'script', ['end'], { script: 'return {};' }), stage('end', 'end')];
    const { flowId, webhookId, token } = await e.flowApp(failing);
    const engine = e.engine();
    const failed = (await e.hook(webhookId, token, {})).json().instanceId as string;
    await engine.drain();
    expect(await instance(failed)).toMatchObject({ status: 'ERROR', flow_version: 1 });

    expect(await saveStages(flowId, fixed)).toMatchObject({ version: 2 });
    for (const from of ['failed', 'start']) {
      const retried = await e.t.app.inject({ method: 'POST', url: `/instances/${failed}/retry`, headers: e.admin, payload: { from } });
      expect(retried.statusCode).toBe(200);
      await engine.drain();
      const after = await instance(failed);
      expect(after).toMatchObject({ status: 'ERROR', flow_version: 1 });
      expect(after.error).toContain('version one fails');
    }

    const fresh = (await e.hook(webhookId, token, {})).json().instanceId as string;
    await engine.drain();
    expect(await instance(fresh)).toMatchObject({ status: 'DONE', flow_version: 2 });
  });

  it('a flow written without a version row (the demo seed) is frozen as version 1 before its first edit, and its runs are pinned to it', async () => {
    const flowId = 'flow-demo-claims';
    const before = await flowOf(flowId);
    const running = await db().selectFrom('instances').select('id').where('flow_id', '=', flowId).where('status', '=', 'RUNNING').execute();
    expect(running.length).toBeGreaterThan(0);
    expect(await saveStages(flowId, firstGraph)).toMatchObject({ version: 2 });
    expect(await versionsOf(flowId)).toEqual([
      { version: 1, stages: before.stages },
      { version: 2, stages: firstGraph },
    ]);
    const pinned = await db().selectFrom('instances').select('flow_version').where('flow_id', '=', flowId).execute();
    expect(pinned.every((row) => row.flow_version === 1)).toBe(true);
  });
});
