import { sql, type Kysely } from 'kysely';

/**
 * Envelopes (part 2 §3, §7 "Envelopes and files"; issue 15): a request that one signer sign a case, optionally
 * over one of its files. Replicated with the case's records (collection caseRecords, kind 'envelope') so the ticket
 * and case screens show its status offline; `token_hash` never leaves the server (SERVER_ONLY_COLUMNS).
 *
 * The signing link's secret is stored only as its SHA-256; a new link replaces the previous one. The signed PNG and
 * the audit record are ordinary case files, referred to here once the signer has signed. `provider` names who runs
 * the signing ('builtin': this server's page); `provider_envelope_id` is that provider's own id for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table envelopes (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text not null references cases(id),
      provider text not null default 'builtin',
      provider_envelope_id text,
      document_file_id text references case_files(id),
      signer_name text not null,
      signer_email text not null,
      status text not null default 'created' check (status in ('created', 'sent', 'signed', 'declined', 'expired')),
      token_hash text unique,
      callback_url text,
      expires_at timestamptz,
      signed_at timestamptz,
      signer_ip text,
      signer_user_agent text,
      signed_file_id text references case_files(id),
      audit_file_id text references case_files(id),
      created_by text references users(id),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index envelopes_case on envelopes (case_id);
    create index envelopes_workspace_rev_id on envelopes (workspace_id, rev, id collate "C");
    create trigger envelopes_sync_notify after insert or update on envelopes
      for each row execute function notify_sync_change();
  `.execute(db);
}
