import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore, type FileStore } from '../../../server/files/fileStore.ts';
import { s3FileStore } from '../../../server/files/s3FileStore.ts';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.ts';
import { readStoredBytes } from '../helpers/storedBytes.ts';

/** One store under test: the store, where its bytes physically are, and how to take it down. */
type Opened = {
  store: FileStore;
  /** Every name in the store's backing storage (files below the folder, objects in the bucket). */
  rawKeys(): Promise<string[]>;
  /** Where a storage key lands in that storage. */
  rawKey(key: string): string;
  /** How many multipart parts the store has sent so far, where it sends any. */
  partsSent?(): number;
  close(): Promise<void>;
};

const PREFIX = 'contract/files';

async function openLocal(): Promise<Opened> {
  const root = await mkdtemp(join(tmpdir(), 'console-store-contract-'));
  return {
    store: localFileStore(root),
    rawKeys: async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name).slice(root.length + 1)).sort(),
    rawKey: (key) => key,
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function openS3(): Promise<Opened> {
  const s3: S3TestServer = await startS3Server();
  let parts = 0;
  s3.client.middlewareStack.add(
    (next, context) => (args) => {
      if (context.commandName === 'UploadPartCommand') parts += 1;
      return next(args);
    },
    { step: 'initialize', name: 'countUploadParts' },
  );
  return {
    store: s3FileStore({ bucket: s3.bucket, prefix: PREFIX, client: s3.client }),
    rawKeys: () => s3.objectKeys(),
    rawKey: (key) => `${PREFIX}/${key}`,
    partsSent: () => parts,
    close: () => s3.close(),
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** 6 MiB of non-repeating bytes: over S3's 5 MiB part size, so the S3 store uploads it in parts. */
const LARGE = Buffer.alloc(6 * 1024 * 1024 + 4320);
for (let i = 0; i < LARGE.length; i += 4) LARGE.writeUInt32LE(Math.imul(i, 2_654_435_761) >>> 0, i);

/** A body that arrives in 64 KiB chunks, as an upload's part does, and may fail after `failAfter` bytes. */
function streamed(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) {
        if (failAfter !== undefined && at >= failAfter) throw new Error('client went away');
        yield bytes.subarray(at, at + 64 * 1024);
      }
    })(),
  );
}

describe.each([
  ['local folder', openLocal],
  ['S3-compatible', openS3],
])('the %s file store', (_name, open) => {
  let opened: Opened;
  let store: FileStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(async () => {
    store.close?.();
    await opened?.close();
  });

  it('answers the bytes written under a key, with their size', async () => {
    const bytes = new TextEncoder().encode('hello, store');
    await store.write('ws-demo/case-1/a', bytes);
    const stored = await store.read('ws-demo/case-1/a');
    // A stream not read must be let go of, or its file (or connection) stays open.
    stored?.stream.destroy();
    expect(stored?.size).toBe(bytes.length);
    expect(await readStoredBytes(store, 'ws-demo/case-1/a')).toEqual(Buffer.from(bytes));
  });

  it('takes a 6 MiB body as a stream and answers it as a stream, byte for byte', async () => {
    const partsBefore = opened.partsSent?.();
    await store.write('ws-demo/case-1/large', streamed(LARGE));
    // S3: two parts of a multipart upload (5 MiB and the rest), never the whole body in one request.
    if (partsBefore !== undefined) expect(opened.partsSent!() - partsBefore).toBe(2);
    const stored = await store.read('ws-demo/case-1/large');
    expect(stored?.stream).toBeInstanceOf(Readable);
    expect(stored?.size).toBe(LARGE.length);
    const hash = createHash('sha256');
    for await (const chunk of stored!.stream) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sha256(LARGE));
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await store.read('ws-demo/case-1/never-written')).toBeNull();
    expect(await store.read('ws-nobody/x/y')).toBeNull();
  });

  it('removes a key, after which it reads as null; removing it again is not an error', async () => {
    await store.write('ws-demo/case-2/gone', Buffer.from('bye'));
    await store.remove('ws-demo/case-2/gone');
    expect(await store.read('ws-demo/case-2/gone')).toBeNull();
    await expect(store.remove('ws-demo/case-2/gone')).resolves.toBeUndefined();
    expect(await opened.rawKeys()).not.toContain(opened.rawKey('ws-demo/case-2/gone'));
  });

  it('keeps two keys apart, including keys that share a beginning', async () => {
    await store.write('ws-demo/case-3/one', Buffer.from('first'));
    await store.write('ws-demo/case-3/one-more', Buffer.from('second'));
    await store.write('ws-demo/case-3b/one', Buffer.from('third'));
    expect((await readStoredBytes(store, 'ws-demo/case-3/one'))?.toString()).toBe('first');
    expect((await readStoredBytes(store, 'ws-demo/case-3/one-more'))?.toString()).toBe('second');
    expect((await readStoredBytes(store, 'ws-demo/case-3b/one'))?.toString()).toBe('third');
    await store.remove('ws-demo/case-3/one');
    expect((await readStoredBytes(store, 'ws-demo/case-3/one-more'))?.toString()).toBe('second');
  });

  it('stores each key under its own folder or prefix, and nothing else', async () => {
    await store.write('ws-demo/case-4/placed', Buffer.from('here'));
    const keys = await opened.rawKeys();
    expect(keys).toContain(opened.rawKey('ws-demo/case-4/placed'));
    expect(keys.every((key) => key.startsWith(opened.rawKey('')))).toBe(true);
  });

  it.each(['../outside', 'ws-demo/../../etc/passwd', '/absolute', 'a//b', '', 'a/./b', 'has space/x', 'ws-demo/case/.hidden', 'a\\b'])(
    'refuses the key %j for every call and writes nothing',
    async (key) => {
      const before = await opened.rawKeys();
      await expect(store.write(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(store.read(key)).rejects.toThrow('Invalid storage key');
      await expect(store.remove(key)).rejects.toThrow('Invalid storage key');
      expect(await opened.rawKeys()).toEqual(before);
    },
  );

  it.each([
    ['before the first byte', 0],
    ['after 5.5 MiB (S3: once a part has been sent)', 5.5 * 1024 * 1024],
  ])('a body that fails %s rejects the write and leaves no file behind', async (_when, failAfter) => {
    const before = await opened.rawKeys();
    await expect(store.write('ws-demo/case-5/broken', streamed(LARGE, failAfter))).rejects.toThrow('client went away');
    expect(await store.read('ws-demo/case-5/broken')).toBeNull();
    expect(await opened.rawKeys()).toEqual(before);
  });
});
