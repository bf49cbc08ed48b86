import type { z } from 'zod';
import { enabledModuleSet } from '../access/modules.ts';
import { clientIdSchema, createFlowArgsSchema, updateFlowArgsSchema } from '../engine/schemas.ts';
import type { FlowDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Flows from the Flows list and the modeler (issue 14 item 4), queued in the outbox so a flow drawn offline is
 * saved when the device is back. The args are the REST bodies of POST and PATCH /flowmanager/flows (the graph
 * checked by flowGraphSchema on both sides) with the new flow's id made by the client. The server's service
 * decides (MODELER module, not WFREADONLY); the replica refuses at once what the user's own document shows.
 */
export const createFlowMutationArgs = createFlowArgsSchema.extend({ id: clientIdSchema });
export type CreateFlowMutationArgs = z.infer<typeof createFlowMutationArgs>;
export type UpdateFlowMutationArgs = z.infer<typeof updateFlowArgsSchema>;

export const FLOW_MESSAGES = {
  notFound: 'Workflow not found',
  noModeler: 'The MODELER module is not enabled for your account',
  readOnly: 'Your account can only view workflows (WFREADONLY)',
} as const;

const config = (id: string): DocRef => ({ collection: 'config', id });
const configWrite = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

const idsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'id' in item ? String(item.id) : '')) : [];

/** True when the user's rights make flows read-only for them (part 1 §6). */
export const hasReadOnlyFlows = (rights: unknown): boolean => idsOf(rights).includes('WFREADONLY');

/** The user's document, refused when it shows they may not edit flows; a user not replicated yet is left to the server. */
function editor(docs: ReadonlyMap<string, ReplicaDoc>, actor: MutationActor): ReplicaDoc | undefined {
  const user = docs.get(actor.userId);
  if (!user || user.kind !== 'user') return undefined;
  if (!enabledModuleSet(user.enabledModules).has('MODELER')) throw new MutationRefused('module-disabled', FLOW_MESSAGES.noModeler);
  if (hasReadOnlyFlows(user.rights)) throw new MutationRefused('forbidden', FLOW_MESSAGES.readOnly);
  return user;
}

export const createFlow = defineMutation<CreateFlowMutationArgs>({
  name: 'flow.create',
  args: createFlowMutationArgs,
  reads: (args, actor) => [config(actor.userId), config(args.id)],
  apply(args, docs, actor, now) {
    const user = editor(docs, actor);
    const existing = docs.get(args.id);
    if (existing && !existing.deleted) throw new MutationRefused('already-exists', 'A workflow with this id already exists');
    const workspaceId = args.WS ?? (user ? String(user.workspaceId) : '');
    const flow: FlowDoc = {
      id: args.id,
      kind: 'flow',
      rev: 0,
      deleted: false,
      workspaceId,
      name: args.name,
      description: args.description,
      creatorUserId: actor.userId,
      type: args.type,
      stages: args.stages ?? [],
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    return [configWrite(flow)];
  },
});

export const updateFlow = defineMutation<UpdateFlowMutationArgs>({
  name: 'flow.update',
  args: updateFlowArgsSchema,
  reads: (args, actor) => [config(actor.userId), config(args.id)],
  apply(args, docs, actor, now) {
    editor(docs, actor);
    const flow = docs.get(args.id);
    if (!flow || flow.deleted || flow.kind !== 'flow') throw new MutationRefused('not-found', FLOW_MESSAGES.notFound);
    return [
      configWrite({
        ...flow,
        ...(args.name !== undefined ? { name: args.name } : {}),
        ...(args.description !== undefined ? { description: args.description } : {}),
        ...(args.stages !== undefined ? { stages: args.stages } : {}),
        updatedAt: now,
      }),
    ];
  },
});

export const FLOW_MUTATIONS = [createFlow, updateFlow];
