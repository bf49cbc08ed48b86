import { updateWorkspaceArgs, WORKSPACE_MESSAGES, type UpdateWorkspaceArgs } from '../settings/workspaceRules.ts';
import type { WorkspaceDoc } from '../sync/documents.gen.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused } from './types.ts';

/**
 * The workspace's settings (part 1 §2 Settings, §3 Workspace): name, external dashboard URL, chat link and the
 * template designer's address (issue 18), changed by administrators only, through the outbox so Settings works
 * offline. A field left out stays as it is; null clears it. The replica holds only the caller's own workspace, so another id is not found here either.
 */
export const updateWorkspace = defineMutation<UpdateWorkspaceArgs>({
  name: 'workspace.update',
  args: updateWorkspaceArgs,
  reads: (args) => [{ collection: 'config', id: args.id }],
  apply(args, docs, actor, now) {
    if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', WORKSPACE_MESSAGES.forbidden);
    const doc = docs.get(args.id);
    if (!doc || doc.deleted || doc.kind !== 'workspace') throw new MutationRefused('not-found', WORKSPACE_MESSAGES.notFound);
    const current = doc as WorkspaceDoc;
    const next: WorkspaceDoc = {
      ...current,
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.externalDashboardUrl === undefined ? {} : { externalDashboardUrl: args.externalDashboardUrl }),
      ...(args.chatLink === undefined ? {} : { chatLink: args.chatLink }),
      ...(args.designerUrl === undefined ? {} : { designerUrl: args.designerUrl }),
      updatedAt: now,
    };
    return [{ collection: 'config', doc: next }];
  },
});

export const WORKSPACE_MUTATIONS = [updateWorkspace];
