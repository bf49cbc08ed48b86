import { getQueryMatcher, getSortComparator, normalizeMangoQuery, type RxJsonSchema } from 'rxdb';
import type { QueryShape, ReplicaAnswer } from '../../../src/data/overlay/mergeView.ts';
import type { ReplicaQuery } from '../../../src/data/replicaApi.ts';
import { REPLICA_SCHEMAS } from '../../../src/data/replicaSchema.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { withReplicaFields } from '../../../src/domain/sync/replicaFields.ts';

/** A ticket as the replica holds it; `n` orders them (a higher n is newer, so it sorts first by newestFirst). */
export const ticket = (n: number, fields: Record<string, unknown> = {}): ReplicaDoc =>
  withReplicaFields({
    id: `ticket-${String(n).padStart(3, '0')}`,
    kind: 'ticket',
    rev: 10 + n,
    deleted: false,
    state: 'open',
    status: 'unassigned',
    teamId: 'team-a',
    assigneeUserId: null,
    createdAt: 1_700_000_000_000 + n * 1_000,
    ...fields,
  });

/** RxDB's own matcher and order for a tickets query, as the page's views use them. */
export function ticketsShape(query: ReplicaQuery): QueryShape<ReplicaDoc> {
  const schema = REPLICA_SCHEMAS.tickets as unknown as RxJsonSchema<never>;
  const normalized = normalizeMangoQuery(schema, query as never);
  return {
    matches: getQueryMatcher(schema, normalized) as unknown as (doc: ReplicaDoc) => boolean,
    compare: getSortComparator(schema, normalized) as unknown as (a: ReplicaDoc, b: ReplicaDoc) => number,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.skip === undefined ? {} : { skip: query.skip }),
  };
}

/** The replica's answer to a query over `all`, each document at the given revision height (1 unless named). */
export function answerOf(all: ReplicaDoc[], query: ReplicaQuery, seq: number, heights: Record<string, number> = {}): ReplicaAnswer<ReplicaDoc> {
  const shape = ticketsShape(query);
  const sorted = all.filter(shape.matches).sort(shape.compare);
  const docs = sorted.slice(query.skip ?? 0, query.limit === undefined ? undefined : (query.skip ?? 0) + query.limit);
  return {
    docs,
    seq,
    find(id) {
      const index = docs.findIndex((doc) => doc.id === id);
      return index === -1 ? undefined : { index, height: heights[id] ?? 1 };
    },
  };
}

/** Timers run by hand, in the order they would fire. */
export function manualTimers() {
  const due: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  return {
    schedule(run: () => void, ms: number) {
      due.push({ at: now + ms, run });
    },
    advance(ms: number) {
      now += ms;
      due.sort((a, b) => a.at - b.at);
      while (due.length > 0 && due[0]!.at <= now) due.shift()!.run();
    },
  };
}
