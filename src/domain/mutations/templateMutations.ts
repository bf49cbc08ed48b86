import { enabledModuleSet } from '../access/modules.ts';
import type { NodeTemplateDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { createTemplateArgs, TEMPLATE_REFUSALS, templateTextFor, updateTemplateArgs, type CreateTemplateArgs, type UpdateTemplateArgs } from '../templates/templateRules.ts';
import { versionAfterSave } from '../templates/templatePages.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Node templates (part 2 §2 Node template editor, §7 templates), through the outbox so the editor works offline.
 * Administrators and users with the BUILDER module change them. The replica refuses what its documents show (an
 * unknown case type or template); the server checks the same again.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: NodeTemplateDoc): DocWrite => ({ collection: 'config', doc });

/** An administrator, or a user whose replicated record shows BUILDER; a user not replicated yet is left to the server. */
function requireBuilder(docs: Docs, actor: MutationActor): void {
  if (isAdminRole(actor.role)) return;
  const user = docs.get(actor.userId);
  if (user && user.kind === 'user' && !enabledModuleSet(user.enabledModules).has('BUILDER')) throw new MutationRefused('forbidden', TEMPLATE_REFUSALS.notAllowed);
}

function requireCaseType(docs: Docs, caseTypeId: string): void {
  const type = docs.get(caseTypeId);
  if (!type || type.deleted || type.kind !== 'caseType') throw new MutationRefused('not-found', TEMPLATE_REFUSALS.caseTypeNotFound);
}

export const createTemplate = defineMutation<CreateTemplateArgs>({
  name: 'template.create',
  args: createTemplateArgs,
  reads: (args, actor) => [config(actor.userId), config(args.caseTypeId), config(args.id)],
  apply(args, docs, actor, now) {
    requireBuilder(docs, actor);
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', TEMPLATE_REFUSALS.notReady);
    requireCaseType(docs, args.caseTypeId);
    if (docs.get(args.id)) throw new MutationRefused('already-exists', TEMPLATE_REFUSALS.idTaken);
    return [
      write({
        id: args.id,
        kind: 'nodeTemplate',
        rev: 0,
        deleted: false,
        workspaceId: user.workspaceId,
        caseTypeId: args.caseTypeId,
        nodeType: args.nodeType,
        name: args.name,
        description: args.description,
        config: args.config as NodeTemplateDoc['config'],
        template: templateTextFor(args.nodeType, args.template),
        version: 1,
        createdAt: now,
        updatedAt: now,
      }),
    ];
  },
});

export const updateTemplate = defineMutation<UpdateTemplateArgs>({
  name: 'template.update',
  args: updateTemplateArgs,
  reads: (args, actor) => [config(actor.userId), config(args.id), config(args.caseTypeId)],
  apply(args, docs, actor, now) {
    requireBuilder(docs, actor);
    const doc = docs.get(args.id);
    if (!doc || doc.deleted || doc.kind !== 'nodeTemplate') throw new MutationRefused('not-found', TEMPLATE_REFUSALS.notFound);
    requireCaseType(docs, args.caseTypeId);
    const current = doc as NodeTemplateDoc;
    const template = templateTextFor(args.nodeType, args.template ?? current.template);
    return [
      write({
        ...current,
        caseTypeId: args.caseTypeId,
        nodeType: args.nodeType,
        name: args.name,
        description: args.description,
        config: args.config as NodeTemplateDoc['config'],
        template,
        // A template document replicated before migration 015 has no version yet: it was version 1.
        version: versionAfterSave({ ...current, version: current.version ?? 1 }, { template, config: args.config }),
        updatedAt: now,
      }),
    ];
  },
});

export const TEMPLATE_MUTATIONS = [createTemplate, updateTemplate];
