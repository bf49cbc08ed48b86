import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, withWorkspaceWrite } from '../../server/db/revisions.ts';
import type { MutationBatchResponse } from '../../src/domain/sync/protocol.ts';
import { demoFileCases, multipart, type Part } from './helpers/caseFiles.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

const png = (n: number) => Buffer.alloc(n, 7);
const file = (name: string, bytes: Buffer, type = 'image/png') => ({ name, filename: `${name}.png`, type, bytes });

describe.each(backends)('case files on %s', (backend) => {
  let t: TestApp;
  let storeDir: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let agentCase: string;
  let closedCase: string;

  beforeAll(async () => {
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'files-test-'));
    // Small limits keep the "too large" cases cheap: 1000 bytes a file, 1500 per request.
    t = await createTestApp(backend, { FILE_STORE: storeDir, FILE_MAX_BYTES: '1000', UPLOAD_MAX_BYTES: '1500' });
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    const db = t.handle.db;
    ({ agentCase, closedCase } = await demoFileCases(db));
    await createWorkspace(db, { id: 'ws-other', name: 'Other' });
    await withWorkspaceWrite(db, 'ws-other', async (tx, rev) => {
      await tx.insertInto('case_types').values({ id: 'ct-other', workspace_id: 'ws-other', code: 'OTHER', rev }).execute();
      await tx.insertInto('cases').values({ id: 'case-other', workspace_id: 'ws-other', case_type_id: 'ct-other', rev }).execute();
    });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(storeDir, { recursive: true, force: true });
  });

  const upload = (headers: { authorization: string }, caseId: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: `/cases/${caseId}/files`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const fileRows = () => t.handle.db.selectFrom('case_files').selectAll().execute();
  const storedFiles = async () => (await fs.readdir(storeDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).length;

  it('uploads file1..n as private files with a revision, lists them and serves their bytes', async () => {
    const before = await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow();
    const response = await upload(admin.headers, agentCase, [file('file1', png(300)), file('file2', Buffer.from('hello'), 'text/plain')]);
    expect(response.statusCode, response.body).toBe(200);
    const { files } = response.json<{ files: { id: string; url: string; name: string; size: number; type: string; isPublic: boolean }[] }>();
    expect(files.map((f) => [f.name, f.size, f.type, f.isPublic])).toEqual([
      ['file1.png', 300, 'image/png', false],
      ['file2.png', 5, 'text/plain', false],
    ]);
    expect(files[0]!.url).toBe(`/cases/${agentCase}/files/${files[0]!.id}`);
    const rows = await t.handle.db.selectFrom('case_files').selectAll().where('id', 'in', files.map((f) => f.id)).execute();
    expect(rows.every((r) => r.rev > before.rev && r.uploaded_by === 'usr-demo-admin')).toBe(true);

    const bytes = await t.app.inject({ method: 'GET', url: files[1]!.url, headers: agent.headers });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toContain('text/plain');
    expect(bytes.body).toBe('hello');
  });

  it('makePublic=true marks the files public', async () => {
    const response = await upload(agent.headers, agentCase, [{ name: 'makePublic', value: 'true' }, file('file1', png(10))]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ files: { isPublic: boolean }[] }>().files[0]!.isPublic).toBe(true);
  });

  it('lists 6 files a page by default; since= picks the page and pageSize= the size', async () => {
    const parts = Array.from({ length: 8 }, (_, i) => file(`file${i + 1}`, png(100)));
    const caseId = closedCase;
    expect((await upload(admin.headers, caseId, parts.slice(0, 4))).statusCode).toBe(200);
    expect((await upload(admin.headers, caseId, parts.slice(4))).statusCode).toBe(200);
    const page = async (query: string) => (await t.app.inject({ method: 'GET', url: `/cases/${caseId}/files${query}`, headers: admin.headers })).json<{ files: { name: string }[]; total: number; page: number; pageSize: number }>();
    const first = await page('');
    expect([first.files.length, first.total, first.page, first.pageSize]).toEqual([6, 8, 1, 6]);
    expect((await page('?pageSize=6&since=2')).files).toHaveLength(2);
    expect((await page('?pageSize=10&since=1')).files).toHaveLength(8);
    expect((await t.app.inject({ method: 'GET', url: `/cases/${caseId}/files?pageSize=0`, headers: admin.headers })).statusCode).toBe(400);
  });

  it('a fileId names the row, and sending the same fileId again answers the existing row without a second one', async () => {
    const fileId = `fil-${randomUUID()}`;
    const first = await upload(agent.headers, agentCase, [{ name: 'fileId', value: fileId }, file('file1', png(50))]);
    const storedAfterFirst = await storedFiles();
    const again = await upload(agent.headers, agentCase, [{ name: 'fileId', value: fileId }, file('file1', png(50))]);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ files: { id: string }[] }>().files[0]!.id).toBe(fileId);
    expect((await fileRows()).filter((r) => r.id === fileId)).toHaveLength(1);
    expect(await storedFiles()).toBe(storedAfterFirst);
    // The same id on another case is a conflict, not a second row.
    expect((await upload(admin.headers, closedCase, [{ name: 'fileId', value: fileId }, file('file1', png(50))])).statusCode).toBe(409);
  });

  it.each([
    ['no file at all', () => upload(admin.headers, agentCase, [{ name: 'makePublic', value: 'false' }]), 400],
    ['an empty file input', () => upload(admin.headers, agentCase, [{ name: 'file1', filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) }]), 400],
    ['a file over the per-file limit', () => upload(admin.headers, agentCase, [file('file1', png(1001))]), 413],
    ['files over the per-request total', () => upload(admin.headers, agentCase, [file('file1', png(800)), file('file2', png(800))]), 413],
    ['a case that does not exist', () => upload(admin.headers, 'case-nope', [file('file1', png(10))]), 404],
    ['a case of another workspace', () => upload(admin.headers, 'case-other', [file('file1', png(10))]), 404],
    ['a case the agent may not open', () => upload(agent.headers, closedCase, [file('file1', png(10))]), 403],
    ['a bad fileId', () => upload(admin.headers, agentCase, [{ name: 'fileId', value: '../x' }, file('file1', png(10))]), 400],
    ['a fileId with two files', () => upload(admin.headers, agentCase, [{ name: 'fileId', value: 'f-two' }, file('file1', png(10)), file('file2', png(10))]), 400],
    ['a JSON body', () => t.app.inject({ method: 'POST', url: `/cases/${agentCase}/files`, headers: admin.headers, payload: { file1: 'x' } }), 415],
    ['no session', () => t.app.inject({ method: 'POST', url: `/cases/${agentCase}/files`, ...multipart([file('file1', png(10))]) }), 401],
  ])('%s is refused and nothing is written', async (_label, send, status) => {
    const rowsBefore = (await fileRows()).length;
    const storedBefore = await storedFiles();
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    expect((await fileRows()).length).toBe(rowsBefore);
    expect(await storedFiles()).toBe(storedBefore);
  });

  it("answers 'File not found' and 'Access denied' as part 2 §8 says", async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/files/fil-none`, headers: admin.headers });
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([404, 'File not found']);
    const [row] = await t.handle.db.selectFrom('case_files').select(['id', 'case_id']).where('case_id', '=', closedCase).limit(1).execute();
    const wrongCase = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/files/${row!.id}`, headers: admin.headers });
    expect(wrongCase.statusCode).toBe(404);
    const denied = await t.app.inject({ method: 'GET', url: `/cases/${closedCase}/files/${row!.id}`, headers: agent.headers });
    expect([denied.statusCode, denied.json<{ message: string }>().message]).toEqual([403, 'Access denied']);
    expect((await t.app.inject({ method: 'GET', url: `/cases/${closedCase}/files`, headers: agent.headers })).statusCode).toBe(403);
  });

  it('the mutation case.uploadFile confirms a sent file and is rejected with the save-failed message when none was sent', async () => {
    const fileId = `fil-${randomUUID()}`;
    expect((await upload(agent.headers, agentCase, [{ name: 'fileId', value: fileId }, file('file1', png(20))])).statusCode).toBe(200);
    const args = (id: string) => ({ caseId: agentCase, fileId: id, name: 'photo.png', type: 'image/png', size: 20, makePublic: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/sync/mutations',
      headers: agent.headers,
      payload: { clientId: 'files-test', mutations: [{ id: randomUUID(), name: 'case.uploadFile', args: args(fileId), at: Date.now() }, { id: randomUUID(), name: 'case.uploadFile', args: args('fil-never-sent'), at: Date.now() }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [confirmed, missing] = response.json<MutationBatchResponse>().results;
    expect(confirmed).toMatchObject({ status: 'applied' });
    expect(missing).toMatchObject({ status: 'rejected', code: 'file-missing', message: '¡Hemos tenido problemas guardando los archivos! Inténtelo mas tarde.' });
  });
});
