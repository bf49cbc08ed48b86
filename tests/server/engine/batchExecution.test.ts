import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_REFUSALS, LINE_ERRORS } from '../../../src/domain/batches/batchLifecycle.ts';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { BATCH_LINES_PER_CLAIM } from '../../../server/engine/batchJobs.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();

describe.each(backends)('batches executed by the engine on %s', (backend) => {
  let e: EngineTest;
  let appId: string;
  const db = () => e.t.handle.db;

  beforeAll(async () => {
    e = await createEngineTest(backend);
    ({ appId } = await e.flowApp([stage('start', 'start', ['end']), stage('end', 'end')], 'Batch starter'));
  });
  afterAll(async () => {
    await e?.close();
  });

  /** A case type of the demo workspace, with or without a starting app. */
  const caseType = async (startingAppId: string | null) => {
    const id = `ct-batch-${randomUUID().slice(0, 8)}`;
    await withWorkspaceWrite(db(), 'ws-demo', (tx, rev) =>
      tx.insertInto('case_types').values({ id, workspace_id: 'ws-demo', code: id.toUpperCase(), description: 'Batch imports', starting_app_id: startingAppId, rev }).execute(),
    );
    return id;
  };

  /** A batch made through the outbox as the console would: create, its lines in chunks of 20, then Play. */
  const batchOf = async (caseTypeId: string, rows: Array<Record<string, string>>, play = true) => {
    const batchId = `bat-${randomUUID()}`;
    const chunks = Array.from({ length: Math.ceil(rows.length / 20) }, (_, k) => rows.slice(k * 20, k * 20 + 20).map((values, i) => ({ lineNo: k * 20 + i + 1, values })));
    const outcomes = await pushMutations(e.t, e.admin, 'client-batch-engine', [
      { id: randomUUID(), name: 'batch.create', args: { batchId, name: 'Imported claims', description: 'Claims from the branch', caseTypeId, header: Object.keys(rows[0]!), lineCount: rows.length } },
      ...chunks.map((lines, chunkIndex) => ({ id: randomUUID(), name: 'batch.addLines', args: { batchId, chunkIndex, lines } })),
      ...(play ? [{ id: randomUUID(), name: 'batch.play', args: { batchId } }] : []),
    ]);
    expect(outcomes.map((o) => o.status), JSON.stringify(outcomes)).toEqual(outcomes.map(() => 'applied'));
    return batchId;
  };
  const batchRow = (batchId: string) => db().selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
  const linesOf = (batchId: string) => db().selectFrom('batch_lines').selectAll().where('batch_id', '=', batchId).orderBy('line_no').execute();
  const runLine = async (batchId: string, lineId: string) => (await pushMutations(e.t, e.admin, 'client-batch-engine', [{ id: randomUUID(), name: 'batch.executeLine', args: { batchId, lineId } }]))[0];

  it('a 50-line batch ends DONE with 50 cases, each line DONE with its case and the case holding its values', async () => {
    const type = await caseType(appId);
    const rows = Array.from({ length: 50 }, (_, i) => ({ customerId: `C-${i + 1}`, policyNumber: `PN-${1000 + i}`, note: `Line, "${i + 1}"` }));
    const batchId = await batchOf(type, rows);
    expect((await batchRow(batchId)).status).toBe('ONGOING');
    await e.engine().drain();
    const batch = await batchRow(batchId);
    expect(batch).toMatchObject({ status: 'DONE', done_count: 50, error_count: 0, inserted_count: 50, line_count: 50 });
    expect(batch.processed_at).not.toBeNull();
    const lines = await linesOf(batchId);
    expect(lines.every((l) => l.status === 'DONE' && l.case_id !== null && l.error === null)).toBe(true);
    const cases = await db().selectFrom('cases').select(['id', 'data', 'customer_id', 'case_type_id']).where('batch_id', '=', batchId).execute();
    expect(cases).toHaveLength(50);
    const byId = new Map(cases.map((c) => [c.id, c]));
    expect(byId.get(lines[6]!.case_id!)).toMatchObject({ data: rows[6], customer_id: 'C-7', case_type_id: type });
    const instances = await db().selectFrom('instances').select('status').where('case_id', 'in', cases.map((c) => c.id)).execute();
    expect(instances).toHaveLength(50);
    expect(new Set(instances.map((i) => i.status))).toEqual(new Set(['DONE']));
  });

  it('a line whose values cannot become a case ends ERROR with its reason, and the batch WARNING with its counts', async () => {
    const type = await caseType(appId);
    const batchId = await batchOf(type, [{ name: 'Ana' }, { name: 'x'.repeat(5000) }, { name: 'Eva' }]);
    await e.engine().drain();
    expect(await batchRow(batchId)).toMatchObject({ status: 'WARNING', done_count: 2, error_count: 1 });
    const lines = await linesOf(batchId);
    expect(lines.map((l) => l.status)).toEqual(['DONE', 'ERROR', 'DONE']);
    expect(lines[1]!.error).toBe('Column "name" holds 5,000 characters; a case value holds at most 4,000');
    expect(lines[1]!.case_id).toBeNull();
  });

  it('lines of a case type without a starting app end ERROR; once it has one, running an ERROR line again makes it DONE', async () => {
    const type = await caseType(null);
    const batchId = await batchOf(type, [{ name: 'Ana' }, { name: 'Luis' }]);
    await e.engine().drain();
    expect(await batchRow(batchId)).toMatchObject({ status: 'WARNING', done_count: 0, error_count: 2 });
    expect((await linesOf(batchId)).map((l) => l.error)).toEqual([LINE_ERRORS.noStartingApp, LINE_ERRORS.noStartingApp]);

    await withWorkspaceWrite(db(), 'ws-demo', (tx, rev) => tx.updateTable('case_types').set({ starting_app_id: appId, rev }).where('id', '=', type).execute());
    expect(await runLine(batchId, '1')).toMatchObject({ status: 'applied' });
    expect(await batchRow(batchId)).toMatchObject({ status: 'ONGOING', error_count: 1 });
    expect(await runLine(batchId, '1')).toMatchObject({ status: 'rejected', code: 'line-busy', message: BATCH_REFUSALS.lineBusy });
    await e.engine().drain();
    expect(await batchRow(batchId)).toMatchObject({ status: 'WARNING', done_count: 1, error_count: 1 });
    expect(await runLine(batchId, '2')).toMatchObject({ status: 'applied' });
    await e.engine().drain();
    expect(await batchRow(batchId)).toMatchObject({ status: 'DONE', done_count: 2, error_count: 0 });
    expect((await linesOf(batchId)).every((l) => l.status === 'DONE' && l.case_id && l.error === null)).toBe(true);
    expect(await runLine(batchId, '2')).toMatchObject({ status: 'rejected', code: 'line-not-runnable' });
  });

  it('one line of a batch not started runs alone and the batch stays not started', async () => {
    const type = await caseType(appId);
    const batchId = await batchOf(type, [{ name: 'Ana' }, { name: 'Luis' }], false);
    expect(await runLine(batchId, '2')).toMatchObject({ status: 'applied' });
    await e.engine().drain();
    expect((await linesOf(batchId)).map((l) => l.status)).toEqual(['UNPROCESSED', 'DONE']);
    expect(await batchRow(batchId)).toMatchObject({ status: 'UNPROCESSED', done_count: 1 });
  });

  /** Everything of the runs collection after a checkpoint, as the sync worker pulls it. */
  const pullRuns = async (from?: PullResponse['checkpoint']) => {
    const docs: ReplicaDoc[] = [];
    let checkpoint = from;
    for (let page = 0; page < 200; page += 1) {
      const query = new URLSearchParams({ collection: 'runs', limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const body = (await e.t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: e.admin })).json<PullResponse>();
      docs.push(...body.documents);
      checkpoint = body.checkpoint;
      if (body.documents.length < 500) break;
    }
    return { docs, checkpoint };
  };

  it('a client that pulled before Play sees each line’s outcome and the batch’s counts in its next pull', async () => {
    const type = await caseType(appId);
    const batchId = await batchOf(type, [{ name: 'Ana' }, { name: 'x'.repeat(5000) }]);
    const { checkpoint } = await pullRuns();
    await e.engine().drain();
    const { docs } = await pullRuns(checkpoint);
    const lines = docs.filter((d) => d.kind === 'batchLine' && d.batchId === batchId).sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
    expect(lines.map((l) => [l.status, typeof l.caseId, l.error === null])).toEqual([
      ['DONE', 'string', true],
      ['ERROR', 'object', false],
    ]);
    expect(docs.find((d) => d.id === batchId)).toMatchObject({ kind: 'batch', status: 'WARNING', doneCount: 1, errorCount: 1, insertedCount: 2 });
  });

  it(`a claim of the batch job runs at most ${BATCH_LINES_PER_CLAIM} lines, then waits behind the jobs already due`, async () => {
    const type = await caseType(appId);
    const batchId = await batchOf(type, Array.from({ length: 60 }, (_, i) => ({ n: String(i + 1) })));
    const engine = e.engine();
    await engine.runner.runDue();
    expect((await batchRow(batchId)).done_count).toBe(BATCH_LINES_PER_CLAIM);
    // The stage jobs of the instances those lines started were due before the batch job came back.
    const batchJob = await db().selectFrom('jobs').select('run_at').where('kind', '=', 'batch').where('done_at', 'is', null).executeTakeFirstOrThrow();
    const stagesBefore = await db().selectFrom('jobs').select('id').where('kind', '=', 'stage').where('done_at', 'is', null).where('run_at', '<=', batchJob.run_at).execute();
    expect(stagesBefore.length).toBeGreaterThan(0);
    await engine.drain();
    expect(await batchRow(batchId)).toMatchObject({ status: 'DONE', done_count: 60 });
    expect(await db().selectFrom('jobs').select('id').where('kind', '=', 'batch').where('done_at', 'is', null).execute()).toEqual([]);
  });
});
