import 'fake-indexeddb/auto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileDb, type FileDatabase } from '../../workers/files/fileDb.ts';
import { fileReader } from '../../workers/files/fileReader.ts';
import { uploadSender } from '../../workers/files/uploadSender.ts';
import { demoFileCases } from '../server/helpers/caseFiles.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen } from '../sync/helpers/syncHarness.ts';

const offline: typeof fetch = async () => Promise.reject(new TypeError('Failed to fetch'));

/** The worker's file reader against the real server on PGlite: cache first, then pending bytes, then the server. */
describe('reading case files back', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let caseId: string;
  let otherCase: string;
  let db: FileDatabase;
  const token = (who: { headers: { authorization: string } }) => who.headers.authorization.slice('Bearer '.length);

  beforeAll(async () => {
    const storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'reader-test-'));
    t = await createTestApp('pglite', { FILE_STORE: storeDir });
    baseUrl = await listen(t);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    ({ agentCase: caseId, closedCase: otherCase } = await demoFileCases(t.handle.db));
    db = openFileDb('reader-admin');
    // A file on the server, sent the way the worker sends it.
    await db.uploads.put({ fileId: 'fil-reader-1', caseId, name: 'scan é.txt', type: 'text/plain', size: 5, makePublic: false, blob: new Blob(['hello'], { type: 'text/plain' }), createdAt: 1 });
    const send = uploadSender({ db, baseUrl, accessToken: token(admin) });
    const sendEntry = (args: { caseId: string; fileId: string; name: string }) =>
      send({ id: `m-${args.fileId}`, seq: 1, name: 'case.uploadFile', args: { ...args, type: 'text/plain', size: 5, makePublic: false }, at: 1, attempts: 0, lastError: null, touched: [] }, { first: true });
    await sendEntry({ caseId, fileId: 'fil-reader-1', name: 'scan é.txt' });
    // And one on a case the agent's teams have no ticket for.
    await db.uploads.put({ fileId: 'fil-reader-2', caseId: otherCase, name: 'private.txt', type: 'text/plain', size: 5, makePublic: false, blob: new Blob(['12345']), createdAt: 1 });
    await sendEntry({ caseId: otherCase, fileId: 'fil-reader-2', name: 'private.txt' });
  });

  afterAll(async () => {
    db.close();
    await t.close();
  });

  it('fetches a file from the server as a data URL with its name, then answers it from the cache offline', async () => {
    await db.cache.clear();
    const online = await fileReader({ db, baseUrl, accessToken: token(admin) }).read(caseId, 'fil-reader-1');
    expect(online).toMatchObject({ ok: true, file: { name: 'scan é.txt', type: 'text/plain', size: 5, dataUrl: `data:text/plain;base64,${btoa('hello')}` } });
    expect(await db.cache.count()).toBe(1);
    const cached = await fileReader({ db, baseUrl, accessToken: token(admin), fetch: offline }).read(caseId, 'fil-reader-1');
    expect(cached).toMatchObject({ ok: true, file: { name: 'scan é.txt', size: 5, dataUrl: `data:text/plain;base64,${btoa('hello')}` } });
  });

  it('answers the spec texts: 404 File not found, 403 Access denied, offline Failed to fetch file, no ids', async () => {
    const agentDb = openFileDb('reader-agent');
    const asAgent = fileReader({ db: agentDb, baseUrl, accessToken: token(agent) });
    expect(await asAgent.read(caseId, 'fil-missing')).toEqual({ ok: false, status: 404, message: 'File not found' });
    expect(await asAgent.read(otherCase, 'fil-reader-2')).toEqual({ ok: false, status: 403, message: 'Access denied' });
    expect(await fileReader({ db: agentDb, baseUrl, accessToken: token(agent), fetch: offline }).read(caseId, 'fil-reader-1')).toEqual({
      ok: false,
      status: 0,
      message: 'Failed to fetch file',
    });
    expect(await asAgent.read('', 'fil-reader-1')).toMatchObject({ ok: false, message: 'Missing caseId or fileId' });
    // Nothing failed is cached; the agent's own read then succeeds.
    expect(await agentDb.cache.count()).toBe(0);
    expect(await asAgent.read(caseId, 'fil-reader-1')).toMatchObject({ ok: true });
    agentDb.close();
  });

  it('a file still waiting to be sent opens offline from its kept bytes', async () => {
    await db.uploads.put({ fileId: 'fil-waiting', caseId, name: 'later.txt', type: 'text/plain', size: 3, makePublic: false, blob: new Blob(['abc'], { type: 'text/plain' }), createdAt: 2 });
    const result = await fileReader({ db, baseUrl, accessToken: token(admin), fetch: offline }).read(caseId, 'fil-waiting');
    expect(result).toMatchObject({ ok: true, file: { name: 'later.txt', size: 3, dataUrl: `data:text/plain;base64,${btoa('abc')}` } });
  });

  it('thumbnails: a file above 50 MB gets the generic icon without a read; a text file has none; a failure says so', async () => {
    const reader = fileReader({ db, baseUrl, accessToken: token(admin), fetch: offline });
    expect(await reader.thumbnail(caseId, 'fil-huge', 52_428_801)).toEqual({ ok: true, kind: 'generic' });
    expect(await reader.thumbnail(caseId, 'fil-reader-1', 5)).toEqual({ ok: true, kind: 'none' });
    expect(await reader.thumbnail(caseId, 'fil-not-cached', 10)).toEqual({ ok: false, message: 'Failed to fetch file' });
  });
});
