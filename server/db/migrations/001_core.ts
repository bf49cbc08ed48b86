import { sql, type Kysely } from 'kysely';

/**
 * Core tables: workspaces and their revision counters, accounts, sessions, the mail log, CORS origins and
 * the mutation log. Replicated tables carry workspace_id, rev, deleted and timestamps (ARCHITECTURE.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table workspaces (
      id text primary key,
      name text not null,
      external_dashboard_url text,
      rev bigint not null default 0,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    -- One row per workspace: writers take its row lock, so revisions commit in order (see revisions.ts).
    create table workspace_revisions (
      workspace_id text primary key references workspaces(id),
      rev bigint not null default 0
    );

    create table users (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      username text not null,
      email text not null,
      phone text,
      role text not null check (role in ('ADMIN', 'NORMAL', 'OTHER', 'OPS-ADMIN')),
      status smallint not null default 0 check (status in (0, 1, 2)),
      language text not null default 'en',
      password_hash text not null,
      enabled_modules jsonb not null default '[]',
      rights jsonb not null default '[]',
      system_visibility boolean not null default true,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_username_key on users (lower(username)) where not deleted;
    create unique index users_email_key on users (lower(email)) where not deleted;
    create index users_workspace_rev on users (workspace_id, rev);

    create table sessions (
      id text primary key,
      token_hash text not null unique,
      user_id text not null references users(id),
      workspace_id text not null references workspaces(id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      user_agent text
    );
    create index sessions_user on sessions (user_id);

    create table password_resets (
      id text primary key,
      token_hash text not null unique,
      user_id text not null references users(id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table mail_log (
      id text primary key,
      workspace_id text references workspaces(id),
      recipient text not null,
      subject text not null,
      body text not null,
      transport text not null check (transport in ('smtp', 'log')),
      status text not null check (status in ('sent', 'recorded', 'failed')),
      error text,
      created_at timestamptz not null default now()
    );

    create table cors_origins (
      id text primary key,
      workspace_id text references workspaces(id),
      origin text not null,
      description text,
      active boolean not null default true,
      rev bigint not null default 0,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index cors_origins_unique on cors_origins (coalesce(workspace_id, ''), lower(origin)) where not deleted;
    create index cors_origins_workspace_rev on cors_origins (workspace_id, rev);

    -- Idempotency of the outbox: one row per (client, mutation id) with the stored answer.
    create table mutation_log (
      client_id text not null,
      mutation_id text not null,
      workspace_id text not null references workspaces(id),
      user_id text not null references users(id),
      name text not null,
      args jsonb not null,
      status text not null check (status in ('applied', 'rejected')),
      result jsonb,
      error_code text,
      error_message text,
      rev bigint,
      client_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (client_id, mutation_id)
    );
    create index mutation_log_workspace on mutation_log (workspace_id, created_at);
  `.execute(db);
}
