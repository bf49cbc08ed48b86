import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openFileDb } from '../../workers/files/fileDb.ts';
import { uploadSender } from '../../workers/files/uploadSender.ts';
import type { OutboxEntry } from '../../workers/sync/outbox.ts';
import { runPreflights } from '../../workers/sync/preflight.ts';
import { TransportError } from '../../workers/sync/transport.ts';

const entry = (id: string, name: string, args: unknown = {}): OutboxEntry => ({ id, seq: 1, name, args, at: 1, attempts: 0, lastError: null, touched: [] });
const uploadArgs = { caseId: 'case-1', fileId: 'fil-0001', name: 'photo.png', type: 'image/png', size: 3, makePublic: false };

describe('upload preflight', () => {
  it('entries before the first failing preflight are pushed; that one and the rest wait in order', async () => {
    const batch = [entry('a', 'ticket.claim'), entry('b', 'case.uploadFile'), entry('c', 'ticket.claim')];
    const failure = new TransportError('network', 'offline');
    const result = await runPreflights(batch, async (e) => {
      if (e.id === 'b') throw failure;
    });
    expect(result.ready.map((e) => e.id)).toEqual(['a']);
    expect(result.error).toBe(failure);
    expect((await runPreflights(batch, undefined)).ready).toHaveLength(3);
  });

  it.each([
    [200, 'sent', false],
    [413, 'refused: the server will reject the confirm', false],
    [503, 'kept for a retry', true],
  ])('an upload answered %i is %s', async (status, _outcome, kept) => {
    const db = openFileDb(`test-${status}`);
    await db.uploads.put({ ...uploadArgs, blob: new Blob(['abc'], { type: 'image/png' }), createdAt: 1 });
    const calls: { url: string; form: FormData }[] = [];
    const send = uploadSender({
      db,
      baseUrl: 'http://server',
      accessToken: 'tok',
      fetch: async (url, init) => {
        calls.push({ url: String(url), form: init?.body as FormData });
        return new Response('{}', { status });
      },
    });
    const run = send(entry('m', 'case.uploadFile', uploadArgs), { first: true });
    if (kept) await expect(run).rejects.toMatchObject({ code: 'server' });
    else await run;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://server/cases/case-1/files');
    expect(calls[0]!.form.get('fileId')).toBe('fil-0001');
    expect(calls[0]!.form.get('makePublic')).toBe('false');
    expect(await (calls[0]!.form.get('file1') as Blob).text()).toBe('abc');
    expect(Boolean(await db.uploads.get('fil-0001'))).toBe(kept);
    // Once the bytes are gone the preflight sends nothing again: the mutation only confirms.
    if (!kept) {
      await send(entry('m', 'case.uploadFile', uploadArgs), { first: true });
      expect(calls).toHaveLength(1);
    }
    db.close();
  });

  it('bytes behind other queued mutations wait until those are pushed (their case may be created by one of them)', async () => {
    const db = openFileDb('test-defer');
    await db.uploads.put({ ...uploadArgs, blob: new Blob(['abc']), createdAt: 1 });
    let sent = 0;
    const send = uploadSender({ db, baseUrl: '', accessToken: 't', fetch: async () => (sent++, new Response('{}', { status: 200 })) });
    const batch = [entry('a', 'case.create'), entry('b', 'case.uploadFile', uploadArgs), entry('c', 'ticket.claim')];
    const firstRound = await runPreflights(batch, send);
    expect(firstRound).toMatchObject({ deferred: true, error: null });
    expect(firstRound.ready.map((e) => e.id)).toEqual(['a']);
    expect(sent).toBe(0);
    const secondRound = await runPreflights(batch.slice(1), send);
    expect(secondRound.ready.map((e) => e.id)).toEqual(['b', 'c']);
    expect(sent).toBe(1);
    db.close();
  });

  it('a network failure keeps the bytes and throws a network error', async () => {
    const db = openFileDb('test-network');
    await db.uploads.put({ ...uploadArgs, blob: new Blob(['abc']), createdAt: 1 });
    const send = uploadSender({ db, baseUrl: '', accessToken: 't', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(send(entry('m', 'case.uploadFile', uploadArgs), { first: true })).rejects.toMatchObject({ code: 'network' });
    expect(await db.uploads.get('fil-0001')).toBeTruthy();
    db.close();
  });
});
