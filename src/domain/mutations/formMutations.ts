import { createFormArgs, FORM_REFUSALS, updateFormArgs, type CreateFormArgs, type UpdateFormArgs } from '../forms/formRules.ts';
import type { FrontdeskFormDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Front-desk forms (part 2 §2 Front desk forms and Form editor, §7 forms), through the outbox so the editor works
 * offline. Only administrators change them. The replica refuses what its documents show (an unknown case type or
 * form); a Form ID already used is the server's to refuse, as only it sees every workspace's forms.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: FrontdeskFormDoc): DocWrite => ({ collection: 'config', doc });

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', FORM_REFUSALS.notAdmin);
}

function requireCaseType(docs: Docs, caseTypeId: string): void {
  const type = docs.get(caseTypeId);
  if (!type || type.deleted || type.kind !== 'caseType') throw new MutationRefused('not-found', FORM_REFUSALS.caseTypeNotFound);
}

export const createForm = defineMutation<CreateFormArgs>({
  name: 'form.create',
  args: createFormArgs,
  reads: (args, actor) => [config(actor.userId), config(args.caseTypeId), config(args.id)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', FORM_REFUSALS.notReady);
    requireCaseType(docs, args.caseTypeId);
    if (docs.get(args.id)) throw new MutationRefused('already-exists', FORM_REFUSALS.formIdTaken);
    return [
      write({
        id: args.id,
        kind: 'frontdeskForm',
        rev: 0,
        deleted: false,
        workspaceId: user.workspaceId,
        formId: args.formId,
        name: args.name,
        caseTypeId: args.caseTypeId,
        description: args.description,
        template: args.template,
        link: args.link,
        webhook: null,
        isActive: true,
        version: 1,
        createdAt: now,
        updatedAt: now,
      }),
    ];
  },
});

/** The Form ID stays; a changed template makes a new version (a kiosk records the version it filled). */
export const updateForm = defineMutation<UpdateFormArgs>({
  name: 'form.update',
  args: updateFormArgs,
  reads: (args) => [config(args.id), config(args.caseTypeId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const doc = docs.get(args.id);
    if (!doc || doc.deleted || doc.kind !== 'frontdeskForm') throw new MutationRefused('not-found', FORM_REFUSALS.notFound);
    requireCaseType(docs, args.caseTypeId);
    const form = doc as FrontdeskFormDoc;
    return [
      write({
        ...form,
        name: args.name,
        caseTypeId: args.caseTypeId,
        description: args.description,
        template: args.template,
        link: args.link,
        webhook: args.webhook,
        version: args.template === form.template ? form.version : form.version + 1,
        updatedAt: now,
      }),
    ];
  },
});

export const FORM_MUTATIONS = [createForm, updateForm];
