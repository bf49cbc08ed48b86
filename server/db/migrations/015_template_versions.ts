import { sql, type Kysely } from 'kysely';

/**
 * Node template versions (issue 19 item 2; ARCHITECTURE "Versions": a ticket renders the template version it was
 * created with), the pattern of migration 013's front desk forms.
 *
 * - node_templates.version: the current version, replicated with the template document; +1 whenever a save
 *   changes the template text or its pages.
 * - node_template_versions: each version's text and pages, the server's own history (not replicated). Rows are
 *   never deleted.
 * - tickets.template_version: the version a human-interface stage copied into the ticket with its text (null for
 *   tickets made before this migration or without a template).
 *
 * Existing templates become version 1 and are written again under a new revision of their workspace, so replicas
 * pull the version at once. Tickets are not rewritten: there can be many, and they have no version to show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table node_templates add column version integer not null default 1;
    alter table tickets add column template_version integer;

    create table node_template_versions (
      template_id text not null references node_templates(id),
      version integer not null,
      template text not null,
      pages jsonb not null default '[]',
      created_at timestamptz not null default now(),
      primary key (template_id, version)
    );

    insert into node_template_versions (template_id, version, template, pages, created_at)
      select id, 1, template, coalesce(config -> 'pages', '[]'::jsonb), updated_at from node_templates;

    update workspace_revisions set rev = rev + 1;
    update node_templates t set rev = r.rev from workspace_revisions r where r.workspace_id = t.workspace_id;
  `.execute(db);
}
