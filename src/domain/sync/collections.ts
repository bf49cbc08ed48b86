/**
 * The replica's collections (ARCHITECTURE.md "Collections": at most 6 per realm) and which server tables feed
 * each one, with the `kind` every document of that table carries. The server's pull and the worker's
 * replication both read this table, so a table is mapped once.
 */
export const COLLECTION_TABLES = {
  config: {
    workspaces: 'workspace',
    users: 'user',
    engines: 'engine',
    engine_users: 'engineUser',
    calendars: 'calendar',
    teams: 'team',
    members: 'member',
    team_members: 'teamMember',
    cors_origins: 'corsOrigin',
    apps: 'app',
    events: 'event',
    webhooks: 'webhook',
    flows: 'flow',
    case_types: 'caseType',
    case_states: 'caseState',
    frontdesk_forms: 'frontdeskForm',
    node_templates: 'nodeTemplate',
    // Dashboard aggregates (migration 011, src/domain/dashboard/aggregateShapes.ts): small, and shown on the landing screen.
    case_flow_aggregates: 'caseFlow',
    case_state_aggregates: 'caseStateCount',
    ticket_light_aggregates: 'ticketLight',
  },
  tickets: { tickets: 'ticket' },
  cases: { cases: 'case' },
  caseRecords: { case_notes: 'caseNote', case_history: 'caseHistory', case_logs: 'caseLog', case_files: 'caseFile', envelopes: 'envelope' },
  runs: {
    instances: 'instance',
    instance_stages: 'instanceStage',
    batches: 'batch',
    batch_lines: 'batchLine',
    webhook_executions: 'webhookExecution',
    external_api_executions: 'apiExecution',
  },
} as const;

export type SyncedCollection = keyof typeof COLLECTION_TABLES;
export const SYNCED_COLLECTIONS = Object.keys(COLLECTION_TABLES) as SyncedCollection[];
export type ReplicaCollection = SyncedCollection | 'outbox';

export type TableOf<C extends SyncedCollection> = keyof (typeof COLLECTION_TABLES)[C] & string;
export type KindOf<C extends SyncedCollection> = (typeof COLLECTION_TABLES)[C][keyof (typeof COLLECTION_TABLES)[C]];

/** Columns that never leave the server (secrets, storage internals). */
export const SERVER_ONLY_COLUMNS: ReadonlySet<string> = new Set(['password_hash', 'token_hash', 'storage_key', 'idempotency_key']);

/**
 * Collections that are pulled per scope (a case's records, a trace) instead of whole: the screen that needs
 * them opens the scope, and the replica keeps what it pulled as a cache.
 */
export const SCOPED_COLLECTIONS: ReadonlySet<SyncedCollection> = new Set(['caseRecords']);

/**
 * Tables of a collection pulled whole otherwise that only travel in a scope: the webhook and API traces (`runs`)
 * can be millions of rows, so they come a page at a time in a `trace:` scope (src/domain/traces/traceScope.ts),
 * never with the rest of `runs`.
 */
export const PAGE_SCOPED_TABLES: ReadonlySet<string> = new Set(['webhook_executions', 'external_api_executions']);

/** The collection a scope belongs to: `case:<id>` → caseRecords, `trace:…` → runs. */
export const collectionOfScope = (scope: string): SyncedCollection => (scope.startsWith('trace:') ? 'runs' : 'caseRecords');

/** snake_case column → camelCase document field. */
export const fieldName = (column: string): string => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
