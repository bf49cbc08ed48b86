import type { MutationActor } from './types.ts';

/**
 * The actor of a mutation from the user's document and their member record, as both the sync worker (which
 * queues the mutation) and the page (which shows its effect before the worker has written it) read them.
 */
export const mutationActor = (userId: string, user: { role?: unknown; name?: unknown }, memberId: string | null): MutationActor => ({
  userId,
  role: String(user.role),
  name: String(user.name),
  memberId,
});
