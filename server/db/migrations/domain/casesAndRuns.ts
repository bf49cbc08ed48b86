import { sql, type Kysely } from 'kysely';

/** Part of migration 002_domain: Case types and states, batches, cases and their records, instances and their stages. */
export async function casesAndRuns(db: Kysely<unknown>): Promise<void> {
  await sql`
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
  `.execute(db);
}
