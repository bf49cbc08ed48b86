import {
  CORS_MESSAGES,
  createCorsArgs,
  deleteCorsArgs,
  updateCorsArgs,
  type CreateCorsArgs,
  type DeleteCorsArgs,
  type UpdateCorsArgs,
} from '../settings/corsRules.ts';
import type { CorsOriginDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * The workspace's CORS origins (part 1 §2 Settings, §5, §7 /cors-origins), so the settings screen works offline.
 * Only administrators change them; a global origin (workspace null) is never changed from a workspace. A duplicate
 * origin is for the server to refuse: the replica reads documents by id, not by origin.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', CORS_MESSAGES.forbidden);
}

/** The workspace's own origin; a global one is refused with the spec's words for the change attempted. */
function ownOrigin(docs: Docs, id: string, globalMessage: string): CorsOriginDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== 'corsOrigin') throw new MutationRefused('not-found', 'Origin not found');
  if (doc.workspaceId === null) throw new MutationRefused('global-origin', globalMessage);
  return doc as CorsOriginDoc;
}

export const createCorsOrigin = defineMutation<CreateCorsArgs>({
  name: 'cors.create',
  args: createCorsArgs,
  reads: (_args, actor) => [config(actor.userId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const origin: CorsOriginDoc = {
      id: args.id,
      kind: 'corsOrigin',
      rev: 0,
      deleted: false,
      // Creation applies to the current workspace only (part 1 §5).
      workspaceId: String(docs.get(actor.userId)?.workspaceId ?? ''),
      origin: args.origin,
      description: args.description,
      active: true,
      createdAt: now,
      updatedAt: now,
    };
    return [write(origin)];
  },
});

export const updateCorsOrigin = defineMutation<UpdateCorsArgs>({
  name: 'cors.update',
  args: updateCorsArgs,
  reads: (args) => [config(args.id)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const doc = ownOrigin(docs, args.id, CORS_MESSAGES.globalReadOnly);
    return [write({ ...doc, origin: args.origin, description: args.description, active: args.active ?? doc.active, updatedAt: now })];
  },
});

export const deleteCorsOrigin = defineMutation<DeleteCorsArgs>({
  name: 'cors.delete',
  args: deleteCorsArgs,
  reads: (args) => [config(args.id)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const doc = docs.get(args.id);
    // Already gone (deleted here or by another admin): nothing to show.
    if (!doc || doc.deleted) return [];
    return [write({ ...ownOrigin(docs, args.id, CORS_MESSAGES.globalUndeletable), deleted: true, updatedAt: now })];
  },
});

export const CORS_MUTATIONS = [createCorsOrigin, updateCorsOrigin, deleteCorsOrigin];
