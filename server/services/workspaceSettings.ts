import type { Selectable } from 'kysely';
import { WORKSPACE_MESSAGES, type UpdateWorkspaceArgs } from '../../src/domain/settings/workspaceRules.ts';
import type { WorkspacesTable } from '../db/schema.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import type { WriteService } from './context.ts';

/** The REST shape of a workspace (part 1 §3, plus the chat link of migration 007 and the designer of 013). */
export function workspaceView(row: Pick<Selectable<WorkspacesTable>, 'id' | 'name' | 'external_dashboard_url' | 'chat_link' | 'designer_url'>) {
  return { id: row.id, name: row.name, externalDashboardUrl: row.external_dashboard_url, chatLink: row.chat_link, designerUrl: row.designer_url };
}
export type WorkspaceView = ReturnType<typeof workspaceView>;

const workspaceNotFound = () => new ApiError(404, 'not-found', WORKSPACE_MESSAGES.notFound);

/**
 * workspace.update and PATCH /workspaces/{id}: an administrator changes their own workspace's name, external
 * dashboard URL or chat link. Another workspace is "not found" whoever asks (ids are not probed across
 * workspaces); a non-administrator of this one is refused. The row carries the transaction's revision, so every
 * replica pulls the change.
 */
export const updateWorkspaceSettings: WriteService<UpdateWorkspaceArgs, WorkspaceView> = async ({ tx, rev, actor, now }, args) => {
  if (args.id !== actor.workspaceId) throw workspaceNotFound();
  if (!(await accessOf(tx, actor)).isAdmin) throw forbidden();
  const row = await tx
    .updateTable('workspaces')
    .set({
      ...(args.name === undefined ? {} : { name: args.name }),
      ...(args.externalDashboardUrl === undefined ? {} : { external_dashboard_url: args.externalDashboardUrl }),
      ...(args.chatLink === undefined ? {} : { chat_link: args.chatLink }),
      ...(args.designerUrl === undefined ? {} : { designer_url: args.designerUrl }),
      rev,
      updated_at: now,
    })
    .where('id', '=', args.id)
    .where('deleted', '=', false)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw workspaceNotFound();
  return workspaceView(row);
};
