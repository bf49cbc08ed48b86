import { SCOPED_COLLECTIONS, type SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { LoadProgress } from '../../src/domain/sync/loadProgress.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';

/** What every realm of this device knows about the first load, kept as a local document so all tabs show it. */
export type LoadState = { loaded: SyncedCollection[]; loading: LoadProgress | null };

const KEY = 'firstLoad';
const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * The first load of each collection on this device: which collections have been pulled to their end at least once,
 * the progress of the one loading, and the documents written from the server outside the feed meanwhile (a refused
 * change's documents fetched back), which a page of a collection loading for the first time must not overwrite
 * unchecked. Every other document of such a page is written without reading the replica first.
 */
export class FirstLoad {
  private state: LoadState = { loaded: [], loading: null };
  private readonly restored = new Set<string>();
  private lastPercent = -1;
  private passBase = 0;

  constructor(
    private readonly db: ReplicaDatabase,
    private readonly onChange: (state: LoadState) => void,
  ) {}

  /** Reads what earlier sessions loaded, and follows what the leader tab writes (this realm may not be it). */
  async start(): Promise<{ unsubscribe(): void }> {
    const stored = await this.db.getLocal<LoadState>(KEY);
    if (stored) this.adopt(stored.toJSON().data as LoadState);
    else this.onChange(this.state);
    return this.db.getLocal$<LoadState>(KEY).subscribe((doc) => {
      if (doc) this.adopt(doc.toJSON().data as LoadState);
    });
  }

  private adopt(next: LoadState): void {
    this.state = { loaded: [...next.loaded], loading: next.loading };
    this.onChange(this.state);
  }

  isLoaded(collection: SyncedCollection): boolean {
    return SCOPED_COLLECTIONS.has(collection) || this.state.loaded.includes(collection);
  }

  /** Documents fetched by id while some collection is still loading: checked before a page overwrites them. */
  noteRestored(collection: SyncedCollection, ids: readonly string[]): void {
    if (this.isLoaded(collection)) return;
    for (const id of ids) this.restored.add(keyOf(collection, id));
  }

  /** For a page of a loading collection: must this document be checked against the replica before it is written? */
  mustCheck(collection: SyncedCollection, unseenPage: boolean): ((doc: ReplicaDoc) => boolean) | undefined {
    if (this.isLoaded(collection) || !unseenPage) return undefined;
    return (doc) => this.restored.has(keyOf(collection, doc.id));
  }

  /** A pass of a loading collection starts: a pass that gave way earlier left its count, which this one continues. */
  async beginPass(collection: SyncedCollection): Promise<void> {
    const loading = this.state.loading;
    const continued = loading?.collection === collection;
    this.passBase = continued ? loading.received : 0;
    // Shown at once, before the first page (on a slow network that is a while): nothing counted yet.
    if (!continued) await this.save({ loaded: this.state.loaded, loading: { collection, received: 0, total: null } });
  }

  /** After each page of a loading collection: `remaining` is the server's count at the start of this pass. */
  async progress(collection: SyncedCollection, receivedInPass: number, remaining: number | null): Promise<void> {
    const received = this.passBase + receivedInPass;
    const total = remaining === null ? null : this.passBase + remaining;
    const percent = total ? Math.floor((received / total) * 100) : 0;
    if (this.state.loading?.collection === collection && percent === this.lastPercent) return;
    this.lastPercent = percent;
    await this.save({ loaded: this.state.loaded, loading: { collection, received, total } });
  }

  async finished(collection: SyncedCollection): Promise<void> {
    this.lastPercent = -1;
    for (const key of [...this.restored]) if (key.startsWith(`${collection}\u0000`)) this.restored.delete(key);
    await this.save({ loaded: [...new Set([...this.state.loaded, collection])], loading: null });
  }

  private async save(next: LoadState): Promise<void> {
    this.adopt(next);
    await this.db.upsertLocal(KEY, next);
  }
}
