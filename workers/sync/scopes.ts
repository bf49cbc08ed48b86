import { collectionOfScope, SCOPED_COLLECTIONS, type SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { isTraceScope } from '../../src/domain/traces/traceScope.ts';
import { pullPass, type PullPassDeps } from './pullPass.ts';
import { TransportError, type SyncTransport } from './transport.ts';

/**
 * The scopes screens have open (ARCHITECTURE.md "Scopes"): a case's records (`case:<id>`, collection caseRecords)
 * and trace pages (`trace:…`, collection runs). A pull target is a collection name or `<collection>|<scope>`.
 */
export class OpenScopes {
  private readonly scopes = new Set<string>();

  open(scope: string): string {
    this.scopes.add(scope);
    return targetOf(scope);
  }

  close(scope: string): void {
    this.scopes.delete(scope);
  }

  /**
   * The pull targets for these collections: a scoped collection (case records) only as its open scopes, never
   * whole (the server refuses that); `runs` whole (without its traces) plus each open trace page, so a `runs`
   * notice refreshes the page on screen.
   */
  targets(collections: readonly string[]): string[] {
    return collections.flatMap((c) => {
      const scoped = [...this.scopes].filter((s) => collectionOfScope(s) === c).map(targetOf);
      return SCOPED_COLLECTIONS.has(c as SyncedCollection) ? scoped : [c, ...scoped];
    });
  }
}

export const targetOf = (scope: string): string => `${collectionOfScope(scope)}|${scope}`;

export const isTracePageTarget = (target: string): boolean => {
  const scope = target.split('|')[1];
  return scope !== undefined && isTraceScope(scope);
};

/** More than a page's 100 rows and its page document: the server answers a trace page whole, in one request. */
const TRACE_PAGE_PULL_LIMIT = 200;

/**
 * Pulls one trace page: one request, no checkpoint kept (server/sync/tracePages.ts explains why a page is a
 * snapshot, not a feed). The rows and the page document are written with the usual rebase, which keeps the newest
 * revision of each; rows that left the page stay in the replica as cache (only the page document says what is on it).
 */
export async function pullTracePage(
  target: string,
  transport: SyncTransport,
  writePage: (collection: SyncedCollection, documents: ReplicaDoc[]) => Promise<void>,
): Promise<void> {
  const scope = target.slice(target.indexOf('|') + 1);
  let answer;
  try {
    answer = await transport.pull('runs', null, TRACE_PAGE_PULL_LIMIT, scope);
  } catch (error) {
    // A page the server refuses (a bad filter, no longer an administrator) is left empty, silently (part 2 §8:
    // a failed trace fetch empties the list); it must not hold the rest of the sync on its error backoff.
    if (error instanceof TransportError && error.code === 'client') return;
    throw error;
  }
  await writePage('runs', answer.documents);
}

/** One pass of a pull target: a trace page in one request, anything else toward the end of its feed (pullPass.ts). */
export async function pullTarget(target: string, deps: PullPassDeps): Promise<boolean> {
  if (!isTracePageTarget(target)) return pullPass(target, deps);
  await pullTracePage(target, deps.transport, (collection, documents) => deps.writePage(collection, documents, undefined));
  return true;
}
