import { sql, type Kysely } from 'kysely';

/**
 * Domain tables of both spec parts: engines, calendars, apps, events, webhooks, flows, instances, teams and
 * members, case types and states, cases and their records, tickets, batches, front-desk forms, node templates,
 * the two trace tables and the engine's job queue.
 *
 * Every table except `jobs` is replicated: it carries workspace_id, rev, deleted and timestamps, and an index on
 * (workspace_id, rev) for pulls. Rows are tombstoned, never deleted, so unique indexes skip deleted rows.
 * Ids are app-generated strings. Plain PostgreSQL 15 SQL: it runs on PGlite and on PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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

    -- code is the id the administrator types (part 2 §7 create payload), e.g. 'TBD'; it is unique per workspace,
    -- while id is internal, so two workspaces can each have their own 'TBD'.
    create table case_types (
      id text primary key,
      workspace_id text not null references workspaces(id),
      code text not null,
      description text not null default '',
      starting_app_id text references apps(id),
      params_expected text not null default '',
      results_expected text not null default '',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index case_types_code on case_types (workspace_id, code) where not deleted;
    create index case_types_workspace_rev on case_types (workspace_id, rev);

    -- state_key is the spec's state id; progress counts visible states (not hidden, order <> -1) by "order".
    create table case_states (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_type_id text not null references case_types(id),
      state_key text not null,
      description text not null default '',
      "order" integer not null default 0,
      hide boolean not null default false,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index case_states_key on case_states (case_type_id, state_key) where not deleted;
    create index case_states_workspace_rev on case_states (workspace_id, rev);

    create table batches (
      id text primary key,
      workspace_id text not null references workspaces(id),
      name text not null,
      description text not null default '',
      status text not null default 'UNPROCESSED' check (status in (
        'UNPROCESSED', 'ONGOING', 'RUNNING', 'PROGRESS', 'DONE', 'COMPLETED', 'INCOMPLETE', 'ERROR', 'DELETED',
        'PRE-UNLOADED', 'WARNING')),
      case_type_id text not null references case_types(id),
      user_id text not null references users(id),
      user_name text not null default '',
      batch_data jsonb not null default '[]',
      processed_at timestamptz,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index batches_user on batches (user_id);
    create index batches_workspace_rev on batches (workspace_id, rev);

    create table cases (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_type_id text not null references case_types(id),
      state_id text references case_states(id),
      status text not null default 'CREATED' check (status in ('CREATED', 'PROGRESS', 'COMPLETED')),
      customer_id text,
      category text,
      description text not null default '',
      data jsonb not null default '{}',
      batch_id text references batches(id),
      closing timestamptz,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index cases_type_state on cases (workspace_id, case_type_id, state_id);
    create index cases_status_created on cases (workspace_id, status, created_at);
    create index cases_created on cases (workspace_id, created_at);
    create index cases_customer on cases (workspace_id, lower(customer_id));
    create index cases_batch on cases (batch_id) where batch_id is not null;
    create index cases_workspace_rev on cases (workspace_id, rev);

    -- field_new_data is the state key as shown; state_id links the same state for joins.
    create table case_history (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text not null references cases(id),
      state_id text references case_states(id),
      field_new_data text,
      transaction_date timestamptz not null default now(),
      event_type text not null default '',
      event_details text not null default '',
      event_description text not null default '',
      agent_prefix text not null default '',
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index case_history_case on case_history (case_id, transaction_date);
    create index case_history_workspace_rev on case_history (workspace_id, rev);

    create table case_logs (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text not null references cases(id),
      date timestamptz not null default now(),
      action_description text not null default '',
      field_changed text,
      new_value text,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index case_logs_case on case_logs (case_id, date);
    create index case_logs_workspace_rev on case_logs (workspace_id, rev);

    -- note_text joins title, details, description and agent prefix with '///' (part 2 §3).
    create table case_notes (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text not null references cases(id),
      note_text text not null,
      author_user_id text references users(id),
      member_id text references members(id),
      case_state_description text,
      entry_date timestamptz not null default now(),
      edited boolean not null default false,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index case_notes_case on case_notes (case_id, entry_date);
    create index case_notes_workspace_rev on case_notes (workspace_id, rev);

    -- File metadata; the bytes live in the file store under storage_key.
    create table case_files (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_id text not null references cases(id),
      name text not null,
      mime_type text not null default 'application/octet-stream',
      size bigint not null default 0 check (size >= 0),
      storage_key text not null,
      is_public boolean not null default false,
      uploaded_by text references users(id),
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index case_files_case on case_files (case_id);
    create index case_files_workspace_rev on case_files (workspace_id, rev);

    create table batch_lines (
      id text primary key,
      workspace_id text not null references workspaces(id),
      batch_id text not null references batches(id),
      line_id text not null,
      case_id text references cases(id),
      status text not null default 'UNPROCESSED' check (status in (
        'UNPROCESSED', 'ONGOING', 'RUNNING', 'PROGRESS', 'DONE', 'COMPLETED', 'INCOMPLETE', 'ERROR', 'DELETED',
        'PRE-UNLOADED', 'WARNING')),
      data jsonb not null default '{}',
      state text,
      processed_at timestamptz,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index batch_lines_batch on batch_lines (batch_id, status);
    create index batch_lines_line on batch_lines (batch_id, line_id);
    create index batch_lines_workspace_rev on batch_lines (workspace_id, rev);

    create table instances (
      id text primary key,
      workspace_id text not null references workspaces(id),
      app_id text not null references apps(id),
      flow_id text references flows(id),
      event_id text references events(id),
      case_id text references cases(id),
      name text not null default '',
      status text not null default 'UNPROCESSED' check (status in (
        'UNPROCESSED', 'RUNNING', 'PROGRESS', 'HOLD', 'DONE', 'COMPLETED', 'INCOMPLETE', 'ERROR', 'DELETED',
        'PRE-UNLOADED')),
      values jsonb not null default '{}',
      stage_history jsonb not null default '[]',
      current_stage text,
      start_date timestamptz,
      end_date timestamptz,
      wake_at timestamptz,
      error text,
      attempt integer not null default 0,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index instances_app_status on instances (app_id, status, start_date);
    create index instances_case on instances (case_id) where case_id is not null;
    create index instances_wake on instances (wake_at) where wake_at is not null and not deleted;
    create index instances_workspace_rev on instances (workspace_id, rev);

    create table instance_stages (
      id text primary key,
      workspace_id text not null references workspaces(id),
      instance_id text not null references instances(id),
      stage_key text not null,
      node_type text not null check (node_type in (
        'start', 'human-interface', 'email', 'api', 'script', 'timer', 'end')),
      status text not null default 'running' check (status in ('running', 'waiting', 'success', 'failed', 'canceled')),
      seq integer not null default 0,
      values jsonb not null default '{}',
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      error text,
      rev bigint not null,
      deleted boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index instance_stages_instance on instance_stages (instance_id, seq);
    create index instance_stages_workspace_rev on instance_stages (workspace_id, rev);

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
