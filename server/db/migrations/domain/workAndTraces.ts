import { sql, type Kysely } from 'kysely';

/** Part of migration 002_domain: Tickets, front-desk forms, node templates, the two trace tables and the engine's job queue. */
export async function workAndTraces(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- status is the claim state (part 2 §3); state is the resolution. The light indicator is derived from
    -- created_at, due_at and the team's thresholds, never stored.
    create table tickets (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text references cases(id),
      instance_id text references instances(id),
      stage_key text,
      operation text not null default '',
      contact text,
      contact_name text,
      description text not null default '',
      team_id text not null references teams(id),
      assignee_member_id text references members(id),
      assignee_user_id text references users(id),
      status text not null default 'unassigned' check (status in ('assigned', 'unassigned')),
      state text not null default 'open' check (state in ('open', 'resolved', 'canceled')),
      template text not null default '',
      initial_values jsonb not null default '{}',
      data jsonb not null default '{}',
      sla_seconds integer not null check (sla_seconds > 0),
      due_at timestamptz not null,
      claimed_at timestamptz,
      resolved_at timestamptz,
      resolved_by_user_id text references users(id),
      exit text check (exit in ('approved', 'canceled')),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((status = 'assigned') = (assignee_member_id is not null or assignee_user_id is not null)),
      check ((state = 'open') = (exit is null))
    );
    create index tickets_team_state on tickets (team_id, state, status);
    create index tickets_assignee_user on tickets (assignee_user_id, state) where assignee_user_id is not null;
    create index tickets_assignee_member on tickets (assignee_member_id, state) where assignee_member_id is not null;
    create index tickets_case on tickets (case_id) where case_id is not null;
    create index tickets_workspace_state on tickets (workspace_id, state, created_at);
    -- One open ticket per human stage of an instance: the engine can retry opening it safely.
    create unique index tickets_open_stage on tickets (instance_id, stage_key)
      where instance_id is not null and state = 'open' and not deleted;
    create index tickets_workspace_rev on tickets (workspace_id, rev);

    -- form_id is the public slug of the form's link, so it is unique across workspaces.
    create table frontdesk_forms (
      id text primary key,
      workspace_id text not null references workspaces(id),
      form_id text not null,
      name text not null,
      case_type_id text not null references case_types(id),
      description text not null default '',
      template text not null default '',
      link text,
      webhook text,
      is_active boolean not null default true,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index frontdesk_forms_slug on frontdesk_forms (form_id) where not deleted;
    create index frontdesk_forms_workspace_rev on frontdesk_forms (workspace_id, rev);

    create table node_templates (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_type_id text not null references case_types(id),
      node_type text not null check (node_type in (
        'start', 'human-interface', 'email', 'api', 'script', 'timer', 'end')),
      name text not null,
      description text not null default '',
      config jsonb not null default '{}',
      template text not null default 'EMPTY',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index node_templates_case_type on node_templates (case_type_id);
    create index node_templates_workspace_rev on node_templates (workspace_id, rev);

    create table webhook_executions (
      id text primary key,
      workspace_id text not null references workspaces(id),
      webhook_id text not null references webhooks(id),
      event_id text references events(id),
      instance_id text references instances(id),
      status text not null check (status in ('processing', 'success', 'error')),
      request_url text not null,
      request_method text not null default 'POST',
      request_headers jsonb not null default '{}',
      request_body jsonb,
      response_status integer,
      response_headers jsonb,
      response_body jsonb,
      response_time_ms integer,
      error_message text,
      idempotency_key text,
      executed_at timestamptz not null default now(),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index webhook_executions_idempotency on webhook_executions (webhook_id, idempotency_key)
      where idempotency_key is not null;
    create index webhook_executions_executed on webhook_executions (workspace_id, executed_at);
    create index webhook_executions_webhook on webhook_executions (webhook_id, executed_at);
    create index webhook_executions_workspace_rev on webhook_executions (workspace_id, rev);

    create table external_api_executions (
      id text primary key,
      workspace_id text not null references workspaces(id),
      instance_id text references instances(id),
      stage_key text,
      request_method text not null check (request_method in ('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS')),
      request_url text not null,
      request_headers jsonb not null default '{}',
      request_body jsonb,
      response_status integer,
      response_headers jsonb,
      response_body jsonb,
      status text not null check (status in ('processing', 'success', 'error')),
      duration_ms integer,
      error_message text,
      error_code text,
      initiated_by text,
      client_ip text,
      user_agent text,
      executed_at timestamptz not null default now(),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index external_api_executions_executed on external_api_executions (workspace_id, executed_at);
    create index external_api_executions_instance on external_api_executions (instance_id) where instance_id is not null;
    create index external_api_executions_workspace_rev on external_api_executions (workspace_id, rev);

    -- The engine's work queue, claimed with FOR UPDATE SKIP LOCKED; not replicated. dedupe_key makes a job
    -- that several processes may enqueue (a cron firing, a wake-up) exist once.
    create table jobs (
      id text primary key,
      workspace_id text not null references workspaces(id),
      kind text not null,
      instance_id text references instances(id),
      dedupe_key text,
      run_at timestamptz not null default now(),
      locked_until timestamptz,
      locked_by text,
      attempts integer not null default 0,
      payload jsonb not null default '{}',
      last_error text,
      done_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index jobs_due on jobs (run_at) where done_at is null;
    create unique index jobs_dedupe on jobs (kind, dedupe_key) where dedupe_key is not null;
    create index jobs_instance on jobs (instance_id) where instance_id is not null;
  `.execute(db);
}
