import type { RxJsonSchema } from 'rxdb';
import type { ReplicaCollection } from '../domain/sync/collections.ts';
import { SEARCH_KEY_MAX, withReplicaFields } from '../domain/sync/replicaFields.ts';

/**
 * RxDB schemas of the replica's six collections (ARCHITECTURE.md "Collections"). Documents carry the server's
 * fields as they come (see src/domain/sync/documents.gen.ts) plus `newestFirst` (src/domain/sync/replicaFields.ts)
 * for newest-first pages; the schemas only declare what is indexed, and every indexed field is required (a
 * Dexie storage rule). Bump `version` (with a migration strategy) when an
 * index changes.
 */
type AnyDoc = Record<string, unknown> & { id: string };

const id = { type: 'string', maxLength: 200 } as const;
const shortText = { type: 'string', maxLength: 100 } as const;
const epochMs = { type: 'number', minimum: 0, maximum: 1e14, multipleOf: 1 } as const;
const searchText = { type: 'string', maxLength: SEARCH_KEY_MAX } as const;
const rev = { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 } as const;

function synced(indexes: string[][], extra: Record<string, object>, required: string[], version = 0): RxJsonSchema<AnyDoc> {
  return {
    version,
    primaryKey: 'id',
    type: 'object',
    properties: { id, kind: { type: 'string', maxLength: 40 }, rev, deleted: { type: 'boolean' }, ...extra },
    required: ['id', 'kind', 'rev', ...required],
    indexes,
    additionalProperties: false,
  } as RxJsonSchema<AnyDoc>;
}

export const REPLICA_SCHEMAS: Record<ReplicaCollection, RxJsonSchema<AnyDoc>> = {
  config: synced([['kind']], {}, []),
  tickets: synced(
    [['state', 'newestFirst'], ['teamId', 'state', 'newestFirst']],
    { state: { type: 'string', maxLength: 20 }, teamId: id, newestFirst: epochMs },
    ['state', 'teamId', 'newestFirst'],
  ),
  // The cases history (src/domain/cases/caseHistoryQuery.ts) and a case type's activity (a type's cases by status):
  // one index per filter combination, each ending in newestFirst so a page stops after its rows and a count is the
  // index's own; a state implies its case type.
  // Version 1 added the search keys and the state and combination indexes (CASES_MIGRATIONS fills them in);
  // version 2 the search keys under a status, so a search narrowed by status is an index range too.
  cases: synced(
    [
      ['newestFirst'],
      ['status', 'newestFirst'],
      ['caseTypeId', 'newestFirst'],
      ['stateKey', 'newestFirst'],
      ['status', 'caseTypeId', 'newestFirst'],
      ['caseTypeId', 'status', 'newestFirst'],
      ['status', 'stateKey', 'newestFirst'],
      ['caseKey'],
      ['customerKey'],
      ['sharedKey'],
      ['status', 'caseKey'],
      ['status', 'customerKey'],
      ['status', 'sharedKey'],
    ],
    {
      status: { type: 'string', maxLength: 20 },
      caseTypeId: id,
      newestFirst: epochMs,
      stateKey: id,
      caseKey: searchText,
      customerKey: searchText,
      sharedKey: searchText,
    },
    ['status', 'caseTypeId', 'newestFirst', 'stateKey', 'caseKey', 'customerKey', 'sharedKey'],
    2,
  ),
  caseRecords: synced([['caseId', 'kind']], { caseId: id }, ['caseId']),
  runs: synced([['kind', 'newestFirst']], { newestFirst: epochMs }, ['newestFirst']),
  outbox: {
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: {
      id,
      seq: epochMs,
      name: shortText,
      args: {},
      at: epochMs,
      attempts: { type: 'number' },
      lastError: { type: ['string', 'null'] },
      touched: { type: 'array' },
    },
    required: ['id', 'seq', 'name', 'at'],
    indexes: ['seq'],
    additionalProperties: false,
  } as RxJsonSchema<AnyDoc>,
};

/**
 * Version 1 of `cases`: documents replicated before it get the cases history's search and state keys, computed as
 * the worker computes them on every write, so a device keeps its cases instead of pulling them again.
 */
export const CASES_MIGRATIONS = {
  1: (doc: AnyDoc) => withReplicaFields(doc),
  // Version 2 only adds indexes over fields every case already has.
  2: (doc: AnyDoc) => doc,
};
