import type { z } from 'zod';
import type { SyncedCollection } from '../sync/collections.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';

/** Who makes a mutation, as the replica knows them; the server checks the same facts again. */
export type MutationActor = {
  userId: string;
  /** The member (human) record linked to the user, if any. */
  memberId: string | null;
  role: string;
  name: string;
};

export type DocRef = { collection: SyncedCollection; id: string };
export type DocWrite = { collection: SyncedCollection; doc: ReplicaDoc };

/**
 * A refusal the replica can see without asking the server (the ticket is not claimed, say). The mutation is
 * then not queued at all and the UI shows the message.
 */
export class MutationRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * One mutation: its argument schema (shared with the server, which validates again) and its optimistic effect.
 * `apply` is pure: from the current replica documents it answers the documents to write; the sync worker runs
 * it when the mutation is made and again on every rebase while the mutation is pending.
 */
export type MutationDefinition<Args> = {
  name: string;
  args: z.ZodType<Args>;
  reads(args: Args, actor: MutationActor): DocRef[];
  apply(args: Args, docs: ReadonlyMap<string, ReplicaDoc>, actor: MutationActor, now: number): DocWrite[];
};

/** Keeps each definition's own argument type while collecting them in one registry. */
export const defineMutation = <Args>(definition: MutationDefinition<Args>): MutationDefinition<Args> => definition;
