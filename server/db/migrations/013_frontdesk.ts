import { sql, type Kysely } from 'kysely';

/**
 * Front desk forms (issue 18): versions, kiosk submissions and the workspace's template designer.
 *
 * - frontdesk_forms.version: the current version, replicated with the form document; +1 whenever an edit changes
 *   the template.
 * - frontdesk_form_versions: each version's template, the server's own history (not replicated). A kiosk that
 *   filled an older version is checked against that version's fields. Rows are never deleted.
 * - frontdesk_submissions: one row per kiosk submission; its id is the submission id the kiosk made, so a repeat
 *   (a retry, a second tab, a replay after the network returned) finds the row and answers the same case. The row
 *   is inserted first with `on conflict do nothing`, in the same transaction as the case, so concurrent repeats
 *   make exactly one case.
 * - workspaces.designer_url: the Graphic Designer site the template editor frames (null when none).
 *
 * Existing forms become version 1 with their current template. Existing forms and workspaces are written again
 * under a new revision of their workspace, so replicas pull the new fields (version, designerUrl) instead of
 * keeping documents without them until the next edit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table frontdesk_forms add column version integer not null default 1;
    alter table workspaces add column designer_url text;

    create table frontdesk_form_versions (
      form_row_id text not null references frontdesk_forms(id),
      version integer not null,
      template text not null,
      created_at timestamptz not null default now(),
      primary key (form_row_id, version)
    );

    create table frontdesk_submissions (
      id text primary key,
      workspace_id text not null references workspaces(id),
      form_row_id text not null references frontdesk_forms(id),
      form_version integer not null,
      kiosk_id text not null,
      values jsonb not null default '{}',
      case_id text not null,
      filled_at timestamptz not null,
      received_at timestamptz not null default now()
    );
    create index frontdesk_submissions_form on frontdesk_submissions (form_row_id, received_at);
    create index frontdesk_submissions_case on frontdesk_submissions (case_id);

    insert into frontdesk_form_versions (form_row_id, version, template, created_at)
      select id, 1, template, updated_at from frontdesk_forms;

    update workspace_revisions set rev = rev + 1;
    update workspaces w set rev = r.rev from workspace_revisions r where r.workspace_id = w.id;
    update frontdesk_forms f set rev = r.rev from workspace_revisions r where r.workspace_id = f.workspace_id;
  `.execute(db);
}
