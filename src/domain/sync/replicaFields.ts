/**
 * Fields the replica adds to documents for its own indexes; the server never sends them.
 *
 * `newestFirst` orders documents newest first in ascending index order. RxDB's IndexedDB storage walks an index
 * forwards only, so a query sorted by `createdAt desc` reads every matching document and sorts them, while a
 * query sorted by `newestFirst asc` stops after its first page.
 */
export const NEWEST_FIRST_BASE = 1e14;
export const newestFirst = (createdAt: number) => NEWEST_FIRST_BASE - createdAt;
export const REPLICA_ONLY_FIELDS: readonly string[] = ['newestFirst'];

export function withReplicaFields<T extends Record<string, unknown>>(doc: T): T & { newestFirst?: number } {
  return typeof doc.createdAt === 'number' ? { ...doc, newestFirst: newestFirst(doc.createdAt) } : doc;
}
