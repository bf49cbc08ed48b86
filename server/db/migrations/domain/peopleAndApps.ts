import { sql, type Kysely } from 'kysely';

/** Part of migration 002_domain: Engines, calendars, flows, apps, webhooks, events, teams and members. */
export async function peopleAndApps(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table engines (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      description text not null default '',
      is_active boolean not null default true,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index engines_workspace_rev on engines (workspace_id, rev);

    -- Users authorised on an engine (part 1 §3 Engine.users).
    create table engine_users (
      id text primary key,
      workspace_id text not null references workspaces(id),
      engine_id text not null references engines(id),
      user_id text not null references users(id),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index engine_users_pair on engine_users (engine_id, user_id) where not deleted;
    create index engine_users_user on engine_users (user_id);
    create index engine_users_workspace_rev on engine_users (workspace_id, rev);

    -- Business calendars: cron events fire only on working weekdays (0 Sunday .. 6 Saturday) that are not holidays,
    -- both read in the calendar's IANA time zone.
    create table calendars (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      description text not null default '',
      time_zone text not null default 'UTC',
      working_weekdays jsonb not null default '[1, 2, 3, 4, 5]' check (jsonb_typeof(working_weekdays) = 'array'),
      holidays jsonb not null default '[]' check (jsonb_typeof(holidays) = 'array'),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index calendars_workspace_rev on calendars (workspace_id, rev);

    -- Flow graph in stages: see FlowsTable in domainTables.ts for the shape.
    create table flows (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      description text not null default '',
      creator_user_id text references users(id),
      type text not null default 'app',
      stages jsonb not null default '[]',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index flows_workspace_rev on flows (workspace_id, rev);

    create table apps (
      id text primary key,
      workspace_id text not null references workspaces(id),
      engine_id text not null references engines(id),
      owner_user_id text not null references users(id),
      name text not null,
      description text not null default '',
      is_active boolean not null default true,
      flow_id text references flows(id),
      calendar_id text references calendars(id),
      statistics jsonb not null default '{}',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index apps_engine on apps (engine_id);
    create index apps_owner on apps (owner_user_id);
    create index apps_workspace_rev on apps (workspace_id, rev);

    -- The token itself is shown once when generated; only its SHA-256 and a short hint are kept.
    create table webhooks (
      id text primary key,
      workspace_id text not null references workspaces(id),
      user_id text not null references users(id),
      name text not null,
      description text not null default '',
      url text not null,
      token_hash text not null,
      token_hint text not null default '',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index webhooks_workspace_rev on webhooks (workspace_id, rev);

    create table events (
      id text primary key,
      workspace_id text not null references workspaces(id),
      app_id text not null references apps(id),
      name text not null,
      description text not null default '',
      cron_rule text,
      calendar_id text references calendars(id),
      is_active boolean not null default true,
      webhook_id text references webhooks(id),
      last_fired_at timestamptz,
      next_fire_at timestamptz,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index events_app on events (app_id);
    create index events_webhook on events (webhook_id) where webhook_id is not null;
    create index events_due on events (next_fire_at) where is_active and not deleted and cron_rule is not null;
    create index events_workspace_rev on events (workspace_id, rev);

    create table teams (
      id text primary key,
      workspace_id text not null references workspaces(id),
      engine_id text references engines(id),
      name text not null,
      color text not null default 'color1',
      light_yellow integer not null default 50 check (light_yellow between 0 and 100),
      light_red integer not null default 75 check (light_red between 0 and 75),
      notify_channels text not null default '',
      webhook_email text,
      tok_email text,
      tok_slack text,
      slack_link text,
      is_active boolean not null default true,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index teams_workspace_rev on teams (workspace_id, rev);

    -- Humans who work tickets; user_id links the human to a sign-in account when there is one.
    create table members (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      email text not null,
      slack_link text,
      user_id text references users(id),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index members_email_key on members (workspace_id, lower(email)) where not deleted;
    create index members_user on members (user_id) where user_id is not null;
    create index members_workspace_rev on members (workspace_id, rev);

    create table team_members (
      id text primary key,
      workspace_id text not null references workspaces(id),
      team_id text not null references teams(id),
      member_id text not null references members(id),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index team_members_pair on team_members (team_id, member_id) where not deleted;
    create index team_members_member on team_members (member_id);
    create index team_members_workspace_rev on team_members (workspace_id, rev);
  `.execute(db);
}
