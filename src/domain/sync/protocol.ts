import { z } from 'zod';
import { clientIdSchema } from '../validation/ids.ts';
import { SYNCED_COLLECTIONS, type SyncedCollection } from './collections.ts';
import { TRACE_SCOPE_MAX, TRACE_SCOPE_PREFIX } from '../traces/traceScope.ts';

/**
 * A position in a collection's change feed: everything up to (rev, id) has been seen. `v` fingerprints what the
 * caller may see (role, modules, teams); when it changes the server restarts the feed from the beginning and
 * says so with `reset`, so rows that became visible are delivered and rows that did not come again are dropped.
 */
export const checkpointSchema = z.object({
  rev: z.number().int().min(0),
  id: z.string().max(200),
  v: z.string().max(100),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const PULL_LIMIT_DEFAULT = 500;
export const PULL_LIMIT_MAX = 5000;

const checkpointParam = z
  .string()
  .max(500)
  .transform((text, ctx) => {
    try {
      return checkpointSchema.parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'checkpoint must be the JSON checkpoint of a previous pull' });
      return z.NEVER;
    }
  });

export const pullQuerySchema = z.object({
  collection: z.enum(SYNCED_COLLECTIONS as [SyncedCollection, ...SyncedCollection[]]),
  checkpoint: checkpointParam.optional(),
  limit: z.coerce.number().int().min(1).max(PULL_LIMIT_MAX).default(PULL_LIMIT_DEFAULT),
  /**
   * For scoped collections: `case:<caseId>`; for one trace page of `runs`: `trace:webhook?…` or `trace:api?…`
   * (src/domain/traces/traceScope.ts, whose filters the pull validates).
   */
  scope: z
    .string()
    .max(TRACE_SCOPE_MAX)
    .refine((s) => /^case:[\w-]{1,100}$/.test(s) || s.startsWith(TRACE_SCOPE_PREFIX), 'scope must look like case:<id> or trace:<kind>?<filters>')
    .optional(),
  /** `1`: also answer `remaining`, how many documents follow the checkpoint (a first load shows its progress). */
  count: z.enum(['1']).optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

/** Every replicated document: its id, kind, revision and tombstone flag, then the entity's own fields. */
export type ReplicaDoc = { id: string; kind: string; rev: number; deleted: boolean } & Record<string, unknown>;

/** `remaining`, when asked for: the documents after the request's checkpoint (this page's included). */
export type PullResponse = { documents: ReplicaDoc[]; checkpoint: Checkpoint; reset: boolean; remaining?: number };

export const DOCS_REQUEST_MAX = 500;
export const docsRequestSchema = z.object({
  collection: z.enum(SYNCED_COLLECTIONS as [SyncedCollection, ...SyncedCollection[]]),
  ids: z.array(z.string().min(1).max(200)).min(1).max(DOCS_REQUEST_MAX),
});
export type DocsRequest = z.infer<typeof docsRequestSchema>;

export const MUTATION_BATCH_MAX = 100;
/** The latest time a JavaScript Date can hold (epoch milliseconds). */
export const MAX_TIME_MS = 8.64e15;
/** Mutation names: an area and an action, 'ticket.claim', 'user.setLanguage'. */
export const MUTATION_NAME_PATTERN = /^[a-z][A-Za-z]{0,40}\.[A-Za-z]{1,40}$/;

export const mutationEnvelopeSchema = z.object({
  id: clientIdSchema,
  name: z.string().regex(MUTATION_NAME_PATTERN, 'name must look like area.action'),
  args: z.unknown(),
  at: z.number().int().min(1).max(MAX_TIME_MS),
});
export type MutationEnvelope = z.infer<typeof mutationEnvelopeSchema>;

/** What a client sends: its id and its queued mutations, in order. */
export type MutationBatch = { clientId: string; mutations: MutationEnvelope[] };

/**
 * The request as the server reads it. Each mutation is checked on its own (envelope, then arguments), so one
 * malformed mutation is rejected alone and the ones after it still apply; only a mutation without a string id,
 * which no outcome could name, refuses the whole request.
 */
export const mutationBatchSchema = z.object({
  clientId: clientIdSchema,
  mutations: z
    .array(z.looseObject({ id: z.string().min(1).max(200) }))
    .min(1)
    .max(MUTATION_BATCH_MAX),
});

export type MutationOutcome =
  | { id: string; status: 'applied'; result?: unknown }
  | { id: string; status: 'rejected'; code: string; message: string };

export type MutationBatchResponse = { results: MutationOutcome[] };

/** What the live stream says: which collections moved in the caller's workspace (and up to which revision). */
export type StreamMessage = { collections: SyncedCollection[]; rev: number };

/**
 * The live stream's last event when its server process shuts down (`event: closing`): reconnect after `retryMs`
 * (through the load balancer, to a process still serving) and pull what moved meanwhile. Each stream gets its own
 * delay below STREAM_HANDOVER_MAX_MS so the clients of one process do not all reconnect at once.
 */
export type StreamClosing = { retryMs: number };
export const STREAM_HANDOVER_MAX_MS = 1000;
