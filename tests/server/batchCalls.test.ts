import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_LIMITS, BATCH_REFUSALS } from '../../src/domain/batches/batchLifecycle.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const CASE_TYPE = 'ct-demo-claim';

type Caller = { userId: string; headers: { authorization: string } };

describe.each(backends)('batches through the outbox and part 2 §7 calls on %s', (backend) => {
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

  const send = async (who: Caller, name: string, args: unknown, id: string = randomUUID()) => (await pushMutations(t, who.headers, `client-${who.userId}`, [{ id, name, args }]))[0]!;
  const created = async (who: Caller, lineCount = 3) => {
    const batchId = `bat-${randomUUID()}`;
    const outcome = await send(who, 'batch.create', { batchId, name: 'Claims', description: 'Claims by e-mail', caseTypeId: CASE_TYPE, header: ['name', 'amount'], lineCount });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'applied' });
    return batchId;
  };
  const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ lineNo: from + i, values: { name: `Client ${from + i}`, amount: String(100 * (from + i)) } }));
  const call = (who: Caller, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload }) });
  const lineCount = async (batchId: string) =>
    Number((await t.handle.db.selectFrom('batch_lines').select((eb) => eb.fn.countAll<number>().as('n')).where('batch_id', '=', batchId).executeTakeFirstOrThrow()).n);

  it('a chunk sent twice, and again under a new mutation id, gives its lines once', async () => {
    const batchId = await created(agent, 5);
    const chunkId = randomUUID();
    const first = await send(agent, 'batch.addLines', { batchId, chunkIndex: 0, lines: lines(1, 3) }, chunkId);
    expect(first).toMatchObject({ status: 'applied', result: { inserted: 3, insertedCount: 3, lineCount: 5 } });
    expect(await send(agent, 'batch.addLines', { batchId, chunkIndex: 0, lines: lines(1, 3) }, chunkId)).toEqual(first);
    expect(await send(agent, 'batch.addLines', { batchId, chunkIndex: 0, lines: lines(1, 3) })).toMatchObject({ status: 'applied', result: { inserted: 0, insertedCount: 3 } });
    expect(await send(agent, 'batch.addLines', { batchId, chunkIndex: 1, lines: lines(3, 5) })).toMatchObject({ status: 'applied', result: { inserted: 2, insertedCount: 5 } });
    expect(await lineCount(batchId)).toBe(5);
    const listed = (await call(agent, 'GET', `/batches/${batchId}/lines`)).json<{ lines: Array<{ lineId: string; data: unknown }>; total: number }>();
    expect(listed.total).toBe(5);
    expect(listed.lines.map((l) => l.lineId)).toEqual(['1', '2', '3', '4', '5']);
    expect(listed.lines[3]!.data).toEqual({ name: 'Client 4', amount: '400' });
  });

  it('Play on a batch without lines is refused with the §8 text and changes nothing', async () => {
    const batchId = await created(agent, 0);
    const before = await demoWorkspaceRev(t);
    expect(await send(agent, 'batch.play', { batchId })).toMatchObject({ status: 'rejected', code: 'empty-batch', message: BATCH_REFUSALS.empty });
    const reply = await call(agent, 'POST', `/batches/${batchId}`);
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ message: 'This batch does not contain any case!' });
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect((await call(agent, 'GET', `/batches/${batchId}`)).json()).toMatchObject({ status: 'UNPROCESSED' });
  });

  it('an agent cannot see, play or delete another’s batch; an ADMIN sees it in History, marked as not theirs', async () => {
    const theirs = await created(admin, 2);
    await send(admin, 'batch.addLines', { batchId: theirs, chunkIndex: 0, lines: lines(1, 2) });
    const mine = await created(agent, 1);
    const before = await demoWorkspaceRev(t);
    expect(await send(agent, 'batch.play', { batchId: theirs })).toMatchObject({ status: 'rejected', code: 'not-found' });
    expect((await call(agent, 'POST', `/batches/${theirs}`)).statusCode).toBe(404);
    expect((await call(agent, 'DELETE', `/batches/${theirs}`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/batches/${theirs}`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/batches/${theirs}/lines`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/download/batches/${theirs}`)).statusCode).toBe(404);
    expect(await demoWorkspaceRev(t)).toBe(before);
    const agentList = (await call(agent, 'GET', '/batches?tab=history&limit=500')).json<{ batches: Array<{ batchID: string }> }>();
    expect(agentList.batches.map((b) => b.batchID)).toContain(mine);
    expect(agentList.batches.map((b) => b.batchID)).not.toContain(theirs);
    const history = (await call(admin, 'GET', '/batches?tab=history&limit=500')).json<{ batches: Array<{ batchID: string; own: boolean; user_id: string }> }>();
    expect(history.batches.find((b) => b.batchID === mine)).toMatchObject({ own: false, user_id: agent.userId });
    expect(history.batches.find((b) => b.batchID === theirs)).toMatchObject({ own: true });
    const personal = (await call(admin, 'GET', '/batches?limit=500')).json<{ batches: Array<{ batchID: string }> }>();
    expect(personal.batches.map((b) => b.batchID)).not.toContain(mine);
    const found = (await call(admin, 'GET', `/batches?tab=history&search=${mine.slice(4, 14).toUpperCase()}`)).json<{ batches: Array<{ batchID: string }> }>();
    expect(found.batches.map((b) => b.batchID)).toEqual([mine]);
  });

  it('malformed requests are 4xx with a message and write nothing', async () => {
    const batchId = await created(agent, 2000);
    const before = await demoWorkspaceRev(t);
    const good = { case_type: CASE_TYPE, description: 'Claims by e-mail', batch_data: [{ name: 'Ana' }] };
    for (const body of [
      {},
      { ...good, case_type: '../x' },
      { ...good, description: 'x'.repeat(121) },
      { ...good, description: '' },
      { ...good, batch_data: 'name,amount' },
      { ...good, batch_data: [{ name: 'A\u0000na' }] },
      { ...good, batch_data: [{ name: { nested: true } }] },
      { ...good, status: 'ONGOING' },
      { ...good, extra: 1 },
    ]) {
      const reply = await call(agent, 'POST', '/batches', body);
      expect(reply.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    expect((await call(agent, 'POST', '/batches', { ...good, case_type: 'ct-not-there' })).statusCode).toBe(404);
    const refusedArgs = [
      { batchId, chunkIndex: 0, lines: lines(1, BATCH_LIMITS.chunkLinesMax + 1) },
      { batchId, chunkIndex: 0, lines: [...lines(1, 2), ...lines(2, 2)] },
      { batchId, chunkIndex: 0, lines: [{ lineNo: 0, values: {} }] },
      { batchId, chunkIndex: 0, lines: [{ lineNo: 1, values: { name: 7 } }] },
      { batchId, chunkIndex: 0, lines: lines(1, 300).map((l) => ({ ...l, values: { note: 'é'.repeat(1000) } })) },
    ];
    for (const args of refusedArgs) expect(await send(agent, 'batch.addLines', args)).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect(await send(agent, 'batch.create', { batchId: 'short', name: 'x', description: 'y', caseTypeId: CASE_TYPE, header: ['a'], lineCount: 1 })).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect(await send(agent, 'batch.create', { batchId: `bat-${randomUUID()}`, name: 'x', description: 'y', caseTypeId: CASE_TYPE, header: ['a', 'a'], lineCount: 1 })).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((await call(agent, 'PATCH', `/batches/${batchId}`, { status: 'DONE', unknown: true })).statusCode).toBe(400);
    expect((await call(agent, 'GET', `/batches/${batchId}/lines?status=OPEN`)).statusCode).toBe(400);
    expect((await call(agent, 'POST', `/batches/${batchId}/lines/abc`)).statusCode).toBe(400);
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect(await lineCount(batchId)).toBe(0);
  });

  it('POST /batches answers the id and inserted count; lines, a line, PATCH, deleting, and the CSV download', async () => {
    const rows = [{ name: 'Ana, "La Jefa"', amount: 120, note: '' }, { name: 'Luis\nSegunda línea', amount: null }, { name: ' Eva', amount: 3 }];
    const reply = await call(agent, 'POST', '/batches', { case_type: CASE_TYPE, description: 'Claims by e-mail', batch_data: rows, status: 'UNPROCESSED' });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json<{ batchID: string; result: { insertedCount: number }; message: string }>();
    expect(body.result.insertedCount).toBe(3);
    expect(body.message).toBe(`Batch ${body.batchID} created. Inserted (3/3) lines!`);
    const id = body.batchID;
    expect((await call(agent, 'GET', `/batches/${id}`)).json()).toMatchObject({ batchID: id, status: 'UNPROCESSED', case_type: CASE_TYPE, user_id: agent.userId, header: ['name', 'amount'], lineCount: 3 });
    expect((await call(agent, 'GET', `/batches/${id}/lines/2`)).json()).toMatchObject({ lineId: '2', status: 'UNPROCESSED', data: { name: 'Luis\nSegunda línea' }, caseId: null });
    expect((await call(agent, 'GET', `/batches/${id}/lines/9`)).statusCode).toBe(404);

    const csv = await call(agent, 'GET', `/download/batches/${id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe('name,amount\r\n"Ana, ""La Jefa""",120\r\n"Luis\nSegunda línea",\r\n" Eva",3\r\n');

    expect((await call(agent, 'PATCH', `/batches/${id}`, { name: 'Claims of May' })).statusCode).toBe(200);
    expect((await call(agent, 'DELETE', `/batches/${id}/lines/3`)).statusCode).toBe(200);
    expect((await call(agent, 'GET', `/batches/${id}`)).json()).toMatchObject({ name: 'Claims of May', result: { insertedCount: 2 } });
    expect((await call(agent, 'GET', `/batches/${id}/lines`)).json()).toMatchObject({ total: 2 });

    const played = await call(agent, 'POST', `/batches/${id}`);
    expect(played.json()).toMatchObject({ status: 'ONGOING', message: BATCH_REFUSALS.inProgress });
    expect((await call(agent, 'POST', `/batches/${id}`)).json()).toMatchObject({ message: BATCH_REFUSALS.notExecuted });
    for (const [method, url, payload] of [
      ['PATCH', `/batches/${id}`, { status: 'UNPROCESSED' }],
      ['DELETE', `/batches/${id}`, undefined],
      ['DELETE', `/batches/${id}/lines/1`, undefined],
    ] as const) {
      const stop = await call(agent, method, url, payload);
      expect(stop.statusCode, `${method} ${url}`).toBe(409);
      expect(stop.json()).toMatchObject({ message: "You're not able to stop the batch." });
    }
    expect(await send(agent, 'batch.delete', { batchId: id })).toMatchObject({ status: 'rejected', message: BATCH_REFUSALS.cannotStop });

    const doomed = await created(agent, 1);
    await send(agent, 'batch.addLines', { batchId: doomed, chunkIndex: 0, lines: lines(1, 1) });
    expect((await call(agent, 'DELETE', `/batches/${doomed}`)).statusCode).toBe(200);
    expect((await call(agent, 'GET', `/batches/${doomed}`)).statusCode).toBe(404);
    expect(await t.handle.db.selectFrom('batch_lines').select('deleted').where('batch_id', '=', doomed).execute()).toEqual([{ deleted: true }]);
  });
});
