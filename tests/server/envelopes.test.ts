import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../server/auth/sessions.ts';
import { createWorkspace, withWorkspaceWrite } from '../../server/db/revisions.ts';
import { localFileStore } from '../../server/files/fileStore.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { demoFileCases } from './helpers/caseFiles.ts';
import { testBackends } from './helpers/databases.ts';
import { pushMutations } from './helpers/mutationClient.ts';
import { readStoredBytes } from './helpers/storedBytes.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

/** A real 1×1 PNG, as a pad's canvas.toDataURL('image/png') would send (only bigger). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const DOCUMENT = Buffer.from('%PDF-1.4 the contract to sign\n');

type Headers = { authorization: string };
type Envelope = { id: string; caseId: string; status: string; signer: { name: string; email: string }; documentFileId: string | null; signedFileId: string | null; auditFileId: string | null; providerEnvelopeId: string };

describe.each(backends)('envelopes on %s', (backend) => {
  let t: TestApp;
  let storeDir: string;
  let admin: { headers: Headers };
  let agent: { headers: Headers };
  let outsider: Headers;
  let agentCase: string;
  let closedCase: string;
  const documentId = `fil-${randomUUID()}`;

  beforeAll(async () => {
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'envelopes-test-'));
    t = await createTestApp(backend, { FILE_STORE: storeDir, PUBLIC_URL: 'https://console.example' });
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    const db = t.handle.db;
    ({ agentCase, closedCase } = await demoFileCases(db));
    // The document to sign: a file of the agent's case, bytes in the store.
    await localFileStore(storeDir).write('ws-demo/doc/contract', DOCUMENT);
    await withWorkspaceWrite(db, 'ws-demo', (tx, rev) =>
      tx.insertInto('case_files').values({ id: documentId, workspace_id: 'ws-demo', case_id: agentCase, name: 'contract.pdf', mime_type: 'application/pdf', size: DOCUMENT.length, storage_key: 'ws-demo/doc/contract', rev }).execute(),
    );
    await createWorkspace(db, { id: 'ws-other', name: 'Other' });
    await withWorkspaceWrite(db, 'ws-other', (tx, rev) =>
      tx.insertInto('users').values({ id: 'usr-other-admin', workspace_id: 'ws-other', name: 'Other admin', username: 'other@other.example', email: 'other@other.example', role: 'ADMIN', password_hash: 'x', rev }).execute(),
    );
    outsider = { authorization: `Bearer ${(await createSession(db, { id: 'usr-other-admin', workspace_id: 'ws-other' }, 3600, 'test')).token}` };
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(storeDir, { recursive: true, force: true });
  });

  const create = (headers: Headers, caseId: string, payload: object) => t.app.inject({ method: 'POST', url: `/cases/${caseId}/envelopes`, headers, payload });
  const generateUrl = (headers: Headers, caseId: string, envelopeId: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/cases/${caseId}/envelopes/${envelopeId}/generateUrl`, headers, payload });
  const sign = (url: string, signature: string) =>
    t.app.inject({ method: 'POST', url: new URL(url).pathname, headers: { 'user-agent': 'SignerBrowser/1.0', accept: 'application/json' }, payload: { signature } });
  const page = (url: string, language = 'en') => t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'accept-language': language } });
  const signer = { name: 'Ana Signer', email: 'ana@customer.example' };

  async function sentEnvelope(headers = agent.headers, caseId = agentCase): Promise<{ envelope: Envelope; url: string }> {
    const created = await create(headers, caseId, { signer, documentFileId: documentId });
    expect(created.statusCode, created.body).toBe(201);
    const envelope = created.json<Envelope>();
    const link = await generateUrl(headers, caseId, envelope.id, { caseId, providerEnvelopeId: envelope.providerEnvelopeId, signer, callback: 'https://crm.example/done' });
    expect(link.statusCode, link.body).toBe(200);
    return { envelope, url: link.json<{ url: string }>().url };
  }

  it('creates an envelope, answers it, and gives a signing link whose secret is stored only as its SHA-256', async () => {
    const created = await create(agent.headers, agentCase, { signer, documentFileId: documentId });
    expect(created.statusCode, created.body).toBe(201);
    const envelope = created.json<Envelope>();
    expect(envelope).toMatchObject({ caseId: agentCase, status: 'created', provider: 'builtin', signer, documentFileId: documentId, signedFileId: null });

    const read = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/envelopes/${envelope.id}`, headers: agent.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json<Envelope>().id).toBe(envelope.id);

    const link = await generateUrl(agent.headers, agentCase, envelope.id, { caseId: agentCase, signer: { email: 'ANA@customer.example' } });
    expect(link.statusCode, link.body).toBe(200);
    const { url } = link.json<{ url: string; expiresAt: string }>();
    expect(url).toMatch(/^https:\/\/console\.example\/sign\/[A-Za-z0-9_-]{43}$/);
    const token = url.split('/').at(-1)!;
    const row = await t.handle.db.selectFrom('envelopes').selectAll().where('id', '=', envelope.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.token_hash).toBe(sha256(Buffer.from(token)));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses a generateUrl whose case, provider id or signer does not match the envelope', async () => {
    const envelope = (await create(agent.headers, agentCase, { signer })).json<Envelope>();
    for (const payload of [{ caseId: closedCase }, { providerEnvelopeId: 'someone-else' }, { signer: { email: 'other@customer.example' } }, { callback: 'javascript:alert(1)' }]) {
      expect((await generateUrl(agent.headers, agentCase, envelope.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('serves the signing page without sign-in, in the signer language, with the document to read', async () => {
    const { url } = await sentEnvelope();
    const english = await page(url);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('Ana Signer');
    expect(english.body).toContain('contract.pdf');
    expect(english.body).toContain('<script src="/sign.js" defer></script>');
    expect(english.body).not.toMatch(/<script>(?!<)/);
    expect((await page(url, 'es-MX,es;q=0.9')).body).toContain('Firmar el documento');
    const document = await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}/document` });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(DOCUMENT)).toBe(true);
  });

  it('signs once: the PNG and an audit record become case files and the envelope is signed; a second signature is 409', async () => {
    const { envelope, url } = await sentEnvelope();
    const signed = await sign(url, PNG_DATA_URL);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'signed', callback: 'https://crm.example/done' });

    const row = await t.handle.db.selectFrom('envelopes').selectAll().where('id', '=', envelope.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'signed', signer_user_agent: 'SignerBrowser/1.0' });
    expect(row.signer_ip).toBeTruthy();
    const files = await t.handle.db.selectFrom('case_files').selectAll().where('id', 'in', [row.signed_file_id!, row.audit_file_id!]).execute();
    expect(files.map((f) => [f.case_id, f.mime_type]).sort()).toEqual([
      [agentCase, 'application/json'],
      [agentCase, 'image/png'],
    ]);
    const store = localFileStore(storeDir);
    const image = files.find((f) => f.mime_type === 'image/png')!;
    expect((await readStoredBytes(store, image.storage_key))?.toString('base64')).toBe(PNG_BASE64);
    const audit = JSON.parse(String(await readStoredBytes(store, files.find((f) => f.mime_type === 'application/json')!.storage_key)));
    expect(audit).toMatchObject({
      envelopeId: envelope.id,
      signer,
      ip: row.signer_ip,
      userAgent: 'SignerBrowser/1.0',
      signature: { fileId: image.id, sha256: sha256(Buffer.from(PNG_BASE64, 'base64')) },
      document: { fileId: documentId, name: 'contract.pdf', sha256: sha256(DOCUMENT) },
    });

    // The agent reads the signed file like any other file of the case.
    const bytes = await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/files/${image.id}`, headers: agent.headers });
    expect(bytes.statusCode).toBe(200);

    expect((await sign(url, PNG_DATA_URL)).statusCode).toBe(409);
    const again = await page(url);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already been signed');
    expect((await generateUrl(agent.headers, agentCase, envelope.id)).statusCode).toBe(409);
    expect(await t.handle.db.selectFrom('case_files').select('id').where('case_id', '=', agentCase).where('name', 'like', '%signature-ana-signer-%').execute()).toHaveLength(2);
  });

  it('answers 404 for an unknown or replaced link and 410 for an expired one', async () => {
    const unknown = `https://console.example/sign/${'A'.repeat(43)}`;
    expect((await page(unknown)).statusCode).toBe(404);
    expect((await sign(unknown, PNG_DATA_URL)).statusCode).toBe(404);
    expect((await page('https://console.example/sign/short')).statusCode).toBe(400);

    const { envelope, url } = await sentEnvelope();
    const replaced = await generateUrl(agent.headers, agentCase, envelope.id);
    expect((await sign(url, PNG_DATA_URL)).statusCode).toBe(404);
    const fresh = replaced.json<{ url: string }>().url;
    await t.handle.db.updateTable('envelopes').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', envelope.id).execute();
    expect((await sign(fresh, PNG_DATA_URL)).statusCode).toBe(410);
    expect((await page(fresh)).statusCode).toBe(410);
  });

  it('refuses what is not a PNG, and too large an image, changing nothing', async () => {
    const { envelope, url } = await sentEnvelope();
    const notPng = [
      'hello',
      'data:image/jpeg;base64,/9j/4AAQSkZJRg==',
      `data:image/png;base64,${Buffer.from('GIF89a not a png at all, but long enough').toString('base64')}`,
      'data:image/png;base64,@@@',
    ];
    for (const signature of notPng) expect((await sign(url, signature)).statusCode, signature).toBe(400);
    const huge = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(600 * 1024)]);
    expect([400, 413]).toContain((await sign(url, `data:image/png;base64,${huge.toString('base64')}`)).statusCode);
    const row = await t.handle.db.selectFrom('envelopes').select(['status', 'signed_file_id']).where('id', '=', envelope.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', signed_file_id: null });
  });

  it('keeps envelopes to those who may open the case: another workspace 404, a case the agent cannot open 403', async () => {
    const { envelope } = await sentEnvelope();
    expect((await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/envelopes/${envelope.id}`, headers: outsider })).statusCode).toBe(404);
    expect((await generateUrl(outsider, agentCase, envelope.id)).statusCode).toBe(404);
    expect((await create(outsider, agentCase, { signer })).statusCode).toBe(404);
    expect((await create(agent.headers, closedCase, { signer })).statusCode).toBe(403);
    const adminOnClosed = (await create(admin.headers, closedCase, { signer })).json<Envelope>();
    expect((await t.app.inject({ method: 'GET', url: `/cases/${closedCase}/envelopes/${adminOnClosed.id}`, headers: agent.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/cases/${agentCase}/envelopes/${adminOnClosed.id}`, headers: agent.headers })).statusCode).toBe(404);
    expect((await create(agent.headers, agentCase, { signer, documentFileId: 'fil-not-of-this-case' })).statusCode).toBe(400);
  });

  it('creates an envelope through the outbox, replicated with the case records without its link secret', async () => {
    const envelopeId = `env-${randomUUID()}`;
    const [outcome] = await pushMutations(t, agent.headers, `client-${randomUUID()}`, [
      { id: randomUUID(), name: 'envelope.create', args: { caseId: agentCase, envelopeId, signerName: 'Bo Offline', signerEmail: 'bo@customer.example', documentFileId: documentId } },
    ]);
    expect(outcome?.status).toBe('applied');
    await generateUrl(agent.headers, agentCase, envelopeId);
    const pulled = await t.app.inject({ method: 'GET', url: `/sync/pull?collection=caseRecords&limit=500&scope=case:${agentCase}`, headers: agent.headers });
    expect(pulled.statusCode, pulled.body).toBe(200);
    const doc = pulled.json<{ documents: ReplicaDoc[] }>().documents.find((d) => d.id === envelopeId);
    expect(doc).toMatchObject({ kind: 'envelope', caseId: agentCase, status: 'sent', signerName: 'Bo Offline' });
    expect(doc).not.toHaveProperty('tokenHash');

    const [refused] = await pushMutations(t, agent.headers, `client-${randomUUID()}`, [
      { id: randomUUID(), name: 'envelope.create', args: { caseId: closedCase, envelopeId: `env-${randomUUID()}`, signerName: 'Bo', signerEmail: 'bo@customer.example', documentFileId: null } },
    ]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'forbidden' });
  });

  // Last: it spends this address's allowance of the signing page for the minute.
  it('limits how often one address may open signing links', async () => {
    const unknown = `https://console.example/sign/${'B'.repeat(43)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await page(unknown)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.at(-1)).toBe(429);
    expect((await page(unknown)).body).toContain('Too many attempts');
  });
});
