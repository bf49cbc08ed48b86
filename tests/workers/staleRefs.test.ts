import { describe, expect, it } from 'vitest';
import { DOCS_REQUEST_MAX, type ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { SyncTransport } from '../../workers/sync/transport.ts';
import { fetchServerState } from '../../workers/sync/staleRefs.ts';

describe('fetching the server state of settled documents', () => {
  it('asks in requests the server accepts, however many documents settled batch chunks touched', async () => {
    const asked: Array<{ collection: SyncedCollection; ids: string[] }> = [];
    const transport = {
      async docs(collection: SyncedCollection, ids: string[]): Promise<ReplicaDoc[]> {
        if (ids.length > DOCS_REQUEST_MAX) throw new Error('400: too many ids');
        asked.push({ collection, ids });
        return ids.filter((id) => !id.endsWith('-l7')).map((id) => ({ id, kind: 'batchLine', rev: 5, deleted: false }));
      },
    } as unknown as SyncTransport;
    const refs = [
      ...Array.from({ length: 2001 }, (_, i) => ({ collection: 'runs' as const, id: `bat-1-l${i + 1}` })),
      { collection: 'config' as const, id: 'usr-1' },
    ];
    const restored = await fetchServerState(transport, refs);
    expect(asked.map((a) => [a.collection, a.ids.length])).toEqual([
      ['runs', 500],
      ['runs', 500],
      ['runs', 500],
      ['runs', 500],
      ['runs', 1],
      ['config', 1],
    ]);
    expect(restored).toHaveLength(refs.length);
    expect(restored.find((w) => w.doc.id === 'bat-1-l7')?.doc).toEqual({ id: 'bat-1-l7', kind: 'gone', rev: 0, deleted: true });
  });
});
