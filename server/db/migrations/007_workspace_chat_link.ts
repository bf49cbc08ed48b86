import { sql, type Kysely } from 'kysely';

/**
 * The workspace's chat link (part 1 §2 Shell: the whatsapp page and the footer's chat-link entry): a WhatsApp
 * number or an https link, null when none is set. It sits beside external_dashboard_url, the other per-workspace
 * address the console opens, and replicates with the workspace document.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table workspaces add column chat_link text`.execute(db);
}
