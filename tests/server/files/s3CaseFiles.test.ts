import { createHash } from 'node:crypto';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFileCases, multipart, type Part } from '../helpers/caseFiles.ts';
import { testBackends } from '../helpers/databases.ts';
import { createOtherWorkspace, OTHER_MARKER, type OtherWorkspace } from '../helpers/otherWorkspace.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();
const MiB = 1024 * 1024;

/** Bytes that differ everywhere, so a part stored twice or out of order shows. */
function patterned(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32LE(Math.imul(i + seed, 2_654_435_761) >>> 0, i);
  return bytes;
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The real app with FILE_STORE=s3://… against a local S3-compatible server: the same answers as the folder store. */
describe.each(backends)('case files in an S3-compatible store, on %s', (backend) => {
  const prefix = `console/${backend}`;
  let s3: S3TestServer;
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let agentCase: string;
  let closedCase: string;
  let other: OtherWorkspace;

  beforeAll(async () => {
    s3 = await startS3Server();
    // 7 MiB a file and 10 MiB a request: a 6 MiB file passes (two multipart parts), and a request can cross either
    // limit in the middle of a file.
    t = await createTestApp(backend, { ...s3.env(prefix), FILE_MAX_BYTES: String(7 * MiB), UPLOAD_MAX_BYTES: String(10 * MiB) });
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    ({ agentCase, closedCase } = await demoFileCases(t.handle.db));
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (headers: { authorization: string }, caseId: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: `/cases/${caseId}/files`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const objects = () => s3.objectKeys(`${prefix}/`);
  const rowCount = async () => (await t.handle.db.selectFrom('case_files').select('id').execute()).length;

  it('stores uploads as objects under the prefix and serves them back byte for byte', async () => {
    const large = patterned(6 * MiB + 100, 1);
    const response = await upload(agent.headers, agentCase, [
      { name: 'file1', filename: 'scan.pdf', type: 'application/pdf', bytes: large },
      { name: 'file2', filename: 'note.txt', type: 'text/plain', bytes: Buffer.from('a short note') },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const files = response.json<{ files: { id: string; url: string; size: number }[] }>().files;
    expect(files.map((f) => f.size)).toEqual([large.length, 12]);

    const rows = await t.handle.db.selectFrom('case_files').select(['id', 'storage_key']).where('id', 'in', files.map((f) => f.id)).execute();
    const keys = await objects();
    for (const row of rows) expect(keys).toContain(`${prefix}/${row.storage_key}`);
    expect(rows.every((row) => row.storage_key.startsWith(`ws-demo/${agentCase}/`))).toBe(true);

    const pdf = await t.app.inject({ method: 'GET', url: files[0]!.url, headers: agent.headers });
    expect(pdf.statusCode).toBe(200);
    expect([pdf.headers['content-type'], pdf.headers['content-length']]).toEqual(['application/pdf', String(large.length)]);
    expect(sha256(pdf.rawPayload)).toBe(sha256(large));
    const note = await t.app.inject({ method: 'GET', url: files[1]!.url, headers: admin.headers });
    expect([note.statusCode, note.body]).toEqual([200, 'a short note']);
  });

  it("answers 404 'File not found' and 403 'Access denied' as the folder store does", async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/files/fil-none`, headers: admin.headers });
    expect([missing.statusCode, missing.json()]).toEqual([404, { code: 'not-found', message: 'File not found' }]);

    const stored = await upload(admin.headers, closedCase, [{ name: 'file1', filename: 'private.txt', type: 'text/plain', bytes: Buffer.from('admins only') }]);
    const fileId = stored.json<{ files: { id: string }[] }>().files[0]!.id;
    const denied = await t.app.inject({ method: 'GET', url: `/cases/${closedCase}/files/${fileId}`, headers: agent.headers });
    expect([denied.statusCode, denied.json()]).toEqual([403, { code: 'forbidden', message: 'Access denied' }]);
    expect((await t.app.inject({ method: 'GET', url: `/cases/${closedCase}/files/${fileId}`, headers: admin.headers })).body).toBe('admins only');
  });

  it("keeps another workspace's file to that workspace", async () => {
    const url = `/cases/${other.ids.case}/files/${other.ids.file}`;
    const outsider = await t.app.inject({ method: 'GET', url, headers: admin.headers });
    expect([outsider.statusCode, outsider.json()]).toEqual([404, { code: 'not-found', message: 'File not found' }]);
    expect(outsider.body).not.toContain(OTHER_MARKER);
    const owner = await t.app.inject({ method: 'GET', url, headers: other.admin.headers });
    expect([owner.statusCode, owner.body]).toEqual([200, `${OTHER_MARKER} bytes`]);
    const before = await objects();
    const upload404 = await upload(admin.headers, other.ids.case, [{ name: 'file1', filename: 'x.txt', type: 'text/plain', bytes: Buffer.from('x') }]);
    expect(upload404.statusCode).toBe(404);
    expect(await objects()).toEqual(before);
  });

  it.each([
    // Cut by the parser at 7 MiB, after the store has sent a 5 MiB part: the multipart upload is dropped.
    ['a file over the per-file limit', [patterned(7 * MiB + 1, 2)]],
    ['files over the per-request total, crossed within the second file', [patterned(4 * MiB, 3), patterned(6.5 * MiB, 4)]],
  ])('%s is refused with 413 and leaves no object and no row', async (_label, contents) => {
    const [objectsBefore, rowsBefore] = [await objects(), await rowCount()];
    const response = await upload(admin.headers, agentCase, contents.map((bytes, i) => ({ name: `file${i + 1}`, filename: `big${i}.bin`, type: 'application/octet-stream', bytes })));
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([413, 'payload-too-large']);
    expect(await objects()).toEqual(objectsBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it("answers 404 for a file whose object is gone from the bucket", async () => {
    const stored = await upload(admin.headers, agentCase, [{ name: 'file1', filename: 'lost.txt', type: 'text/plain', bytes: Buffer.from('soon gone') }]);
    const fileId = stored.json<{ files: { id: string }[] }>().files[0]!.id;
    const row = await t.handle.db.selectFrom('case_files').select('storage_key').where('id', '=', fileId).executeTakeFirstOrThrow();
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${row.storage_key}` }));
    const gone = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/files/${fileId}`, headers: admin.headers });
    expect([gone.statusCode, gone.json()]).toEqual([404, { code: 'not-found', message: 'File not found' }]);
  });
});
