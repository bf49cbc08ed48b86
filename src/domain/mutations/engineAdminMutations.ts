import {
  createEngineArgs,
  deleteEngineArgs,
  updateEngineArgs,
  type CreateEngineArgs,
  type DeleteEngineArgs,
  type UpdateEngineArgs,
} from '../settings/engineRules.ts';
import type { EngineDoc, EngineUserDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Engines administered in Settings (part 1 §2, §6: ADMIN creates, edits and deletes engines; §7 POST /engines,
 * PATCH /engines/{id}), with their authorised users as `engineUser` link documents whose ids the client makes, so
 * the whole form works offline. Only administrators (ADMIN, OPS-ADMIN) write. An engine still used by apps or
 * teams is not deleted: the server counts them (the replica cannot look them up by id) and refuses with the count.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

export const ENGINE_REFUSALS = {
  notAdmin: 'Only administrators change engines',
  notFound: (what: string) => `${what} not found`,
  linkTaken: 'This link id is already used',
  engineTaken: 'An engine with this id already exists',
} as const;

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', ENGINE_REFUSALS.notAdmin);
}

function live(docs: Docs, id: string, kind: string, what: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== kind) throw new MutationRefused('not-found', ENGINE_REFUSALS.notFound(what));
  return doc;
}

/** New links for the users to authorise; a user the replica does not show is refused, as the server would. */
function newLinks(args: Pick<CreateEngineArgs, 'addUsers'>, docs: Docs, engineId: string, workspaceId: string, now: number): DocWrite[] {
  return args.addUsers.map(({ userId, linkId }) => {
    live(docs, userId, 'user', 'User');
    const existing = docs.get(linkId);
    if (existing && (existing.engineId !== engineId || existing.userId !== userId)) throw new MutationRefused('already-exists', ENGINE_REFUSALS.linkTaken);
    const link: EngineUserDoc = { id: linkId, kind: 'engineUser', rev: existing?.rev ?? 0, deleted: false, workspaceId, engineId, userId, createdAt: now, updatedAt: now };
    return write(link);
  });
}

const userRefs = (args: Pick<CreateEngineArgs, 'addUsers'>) => args.addUsers.flatMap((l) => [config(l.userId), config(l.linkId)]);

export const createEngine = defineMutation<CreateEngineArgs>({
  name: 'engine.create',
  args: createEngineArgs,
  reads: (args, actor) => [config(actor.userId), config(args.engineId), ...userRefs(args)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    if (docs.get(args.engineId)) throw new MutationRefused('already-exists', ENGINE_REFUSALS.engineTaken);
    const workspaceId = String(docs.get(actor.userId)?.workspaceId ?? '');
    const engine: EngineDoc = {
      id: args.engineId,
      kind: 'engine',
      rev: 0,
      deleted: false,
      workspaceId,
      name: args.name,
      description: args.description,
      isActive: args.isActive,
      createdAt: now,
      updatedAt: now,
    };
    return [write(engine), ...newLinks(args, docs, args.engineId, workspaceId, now)];
  },
});

export const updateEngine = defineMutation<UpdateEngineArgs>({
  name: 'engine.update',
  args: updateEngineArgs,
  reads: (args) => [config(args.engineId), ...userRefs(args), ...args.removeLinks.map(config)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const engine = live(docs, args.engineId, 'engine', 'Engine');
    const removed = args.removeLinks.flatMap((linkId) => {
      const link = docs.get(linkId);
      // Already gone (here or by another administrator), or not this engine's: nothing to show.
      return link && !link.deleted && link.engineId === args.engineId ? [write({ ...link, deleted: true, updatedAt: now })] : [];
    });
    return [
      write({ ...engine, name: args.name, description: args.description, isActive: args.isActive, updatedAt: now }),
      ...removed,
      ...newLinks(args, docs, args.engineId, String(engine.workspaceId), now),
    ];
  },
});

export const deleteEngine = defineMutation<DeleteEngineArgs>({
  name: 'engine.delete',
  args: deleteEngineArgs,
  reads: (args) => [config(args.engineId), ...args.linkIds.map(config)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const engine = docs.get(args.engineId);
    if (!engine || engine.kind !== 'engine') throw new MutationRefused('not-found', ENGINE_REFUSALS.notFound('Engine'));
    if (engine.deleted) return [];
    const links = args.linkIds.flatMap((id) => {
      const link = docs.get(id);
      return link && !link.deleted && link.engineId === args.engineId ? [write({ ...link, deleted: true, updatedAt: now })] : [];
    });
    return [write({ ...engine, deleted: true, updatedAt: now }), ...links];
  },
});

export const ENGINE_ADMIN_MUTATIONS = [createEngine, updateEngine, deleteEngine];
