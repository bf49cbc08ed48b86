import { getQueryMatcher, getSortComparator, normalizeMangoQuery, type RxJsonSchema } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { matchesSelector, sortComparator, type MangoSelector, type MangoSort } from '../../../src/domain/sync/mango.ts';

/** The page's Mango evaluator against RxDB's own matcher and comparator, on the same documents. */
type Doc = { id: string; status?: string | null; n?: number | null; team?: string; tags?: string[]; meta?: { kind: string } };

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    status: { type: ['string', 'null'] },
    n: { type: ['number', 'null'] },
    team: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object', properties: { kind: { type: 'string' } } },
  },
  required: ['id'],
} as unknown as RxJsonSchema<Doc>;

const docs: Doc[] = [
  { id: 'a', status: 'open', n: 3, team: 'claims', tags: ['x', 'y'], meta: { kind: 'k1' } },
  { id: 'b', status: 'closed', n: 10, team: 'sales', tags: [] },
  { id: 'c', status: null, n: null, team: 'claims' },
  { id: 'd', n: -1, team: 'Claims', meta: { kind: 'k2' } },
  { id: 'e', status: 'open', team: 'sales', tags: ['y'] },
  { id: 'f', status: 'Open', n: 3.5 },
  { id: 'g', status: 'pending', n: 0, team: 'claims', tags: ['z'] },
];

const rxdbMatches = (selector: MangoSelector) => {
  const matcher = getQueryMatcher(schema as never, normalizeMangoQuery(schema as never, { selector } as never, true) as never) as unknown as (doc: Doc) => boolean;
  return docs.filter((doc) => matcher(doc)).map((doc) => doc.id);
};
const oursMatches = (selector: MangoSelector) => docs.filter((doc) => matchesSelector(doc, selector)).map((doc) => doc.id);

const selectors: Array<[string, MangoSelector]> = [
  ['shorthand equality', { status: 'open' }],
  ['$eq', { team: { $eq: 'claims' } }],
  ['$eq null matches null and missing', { status: { $eq: null } }],
  ['$ne (missing matches)', { status: { $ne: 'open' } }],
  ['$in', { status: { $in: ['open', 'pending'] } }],
  ['$in with null', { status: { $in: [null, 'closed'] } }],
  ['$nin', { team: { $nin: ['claims'] } }],
  ['$gt on numbers (null never)', { n: { $gt: 0 } }],
  ['$gte', { n: { $gte: 3 } }],
  ['$lt', { n: { $lt: 3.5 } }],
  ['$lte with $gte range', { n: { $gte: 0, $lte: 3.5 } }],
  ['$lt on strings', { status: { $lt: 'open' } }],
  ['$exists true', { meta: { $exists: true } }],
  ['$exists false', { tags: { $exists: false } }],
  ['array field equality', { tags: 'y' }],
  ['array field $in', { tags: { $in: ['z', 'x'] } }],
  ['dotted path', { 'meta.kind': 'k2' }],
  ['$regex case-insensitive', { team: { $regex: '^claims$', $options: 'i' } }],
  ['$regex plain', { status: { $regex: 'pen' } }],
  ['$or', { $or: [{ status: 'closed' }, { n: { $lt: 0 } }] }],
  ['$and', { $and: [{ team: 'claims' }, { n: { $gte: 0 } }] }],
  ['several fields', { team: 'claims', status: { $in: ['open', 'pending'] } }],
  ['empty selector', {}],
];

describe('matchesSelector agrees with RxDB', () => {
  for (const [name, selector] of selectors) {
    it(name, () => expect(oursMatches(selector)).toEqual(rxdbMatches(selector)));
  }
  it('throws on an operator it does not know, rather than guess', () => {
    expect(() => matchesSelector(docs[0], { n: { $mod: [2, 0] } })).toThrow(/\$mod/);
  });
});

const sorts: Array<[string, MangoSort]> = [
  ['number ascending, nulls and missing first', [{ n: 'asc' }, { id: 'asc' }]],
  ['number descending', [{ n: 'desc' }, { id: 'asc' }]],
  ['string with nulls', [{ status: 'asc' }, { id: 'asc' }]],
  ['two keys', [{ team: 'asc' }, { n: 'desc' }, { id: 'asc' }]],
  ['mixed directions on strings', [{ team: 'desc' }, { status: 'asc' }, { id: 'asc' }]],
];

describe('sortComparator agrees with RxDB', () => {
  for (const [name, sort] of sorts) {
    it(name, () => {
      const rxdb = getSortComparator(schema as never, { selector: {}, sort } as never) as unknown as (a: Doc, b: Doc) => number;
      const expected = docs.slice().sort(rxdb).map((doc) => doc.id);
      expect(docs.slice().sort(sortComparator(sort)).map((doc) => doc.id)).toEqual(expected);
    });
  }
});
