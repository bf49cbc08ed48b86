/**
 * Fields the replica adds to documents for its own indexes; the server never sends them.
 *
 * `newestFirst` orders documents newest first in ascending index order. RxDB's IndexedDB storage walks an index
 * forwards only, so a query sorted by `createdAt desc` reads every matching document and sorts them, while a
 * query sorted by `newestFirst asc` stops after its first page.
 *
 * Cases carry what the cases history (part 2 §2, §5) searches and filters on, so each of its queries is one range
 * of one index: `caseKey` and `customerKey` (the case id and the customer id as a search compares them),
 * `sharedKey` (the start the two have in common: a search text that begins both counts the case once), and
 * `stateKey` (the state id, '' when none: an indexed field cannot be null).
 */
export const NEWEST_FIRST_BASE = 1e14;
export const newestFirst = (createdAt: number) => NEWEST_FIRST_BASE - createdAt;
export const CASE_SEARCH_FIELDS = ['caseKey', 'customerKey', 'sharedKey', 'stateKey'] as const;
export const REPLICA_ONLY_FIELDS: readonly string[] = ['newestFirst', ...CASE_SEARCH_FIELDS];

/** Index keys are kept short; an id is at most 200 characters (src/domain/validation/ids.ts). */
export const SEARCH_KEY_MAX = 200;

/** How the cases history compares ids: case-insensitive, compatibility forms folded, outer spaces ignored. */
export const searchKey = (text: string): string => text.normalize('NFKC').trim().toLowerCase().slice(0, SEARCH_KEY_MAX);

function commonStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
}

export type CaseSearchFields = { caseKey: string; customerKey: string; sharedKey: string; stateKey: string };

export function caseSearchFields(doc: { id: string; customerId?: unknown; stateId?: unknown }): CaseSearchFields {
  const caseKey = searchKey(doc.id);
  const customerKey = typeof doc.customerId === 'string' ? searchKey(doc.customerId) : '';
  return { caseKey, customerKey, sharedKey: commonStart(caseKey, customerKey), stateKey: typeof doc.stateId === 'string' ? doc.stateId : '' };
}

export function withReplicaFields<T extends Record<string, unknown>>(doc: T): T & { newestFirst?: number } {
  const dated = typeof doc.createdAt === 'number' ? { ...doc, newestFirst: newestFirst(doc.createdAt) } : doc;
  return doc.kind === 'case' && typeof doc.id === 'string' ? { ...dated, ...caseSearchFields({ id: doc.id, customerId: doc.customerId, stateId: doc.stateId }) } : dated;
}
