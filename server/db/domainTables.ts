import type { ColumnType, Generated } from 'kysely';
import type { Json, JsonValue, NullableTimestamp, Replicated, Timestamp } from './schema.ts';

/** Part 1 §4 instance statuses (HOLD comes from the history filter). */
export type InstanceStatus =
  | 'UNPROCESSED'
  | 'RUNNING'
  | 'PROGRESS'
  | 'HOLD'
  | 'DONE'
  | 'COMPLETED'
  | 'INCOMPLETE'
  | 'ERROR'
  | 'DELETED'
  | 'PRE-UNLOADED';

/** Part 2 §4: statuses seen on batches and their lines. */
export type BatchStatus =
  | 'UNPROCESSED'
  | 'ONGOING'
  | 'RUNNING'
  | 'PROGRESS'
  | 'DONE'
  | 'COMPLETED'
  | 'INCOMPLETE'
  | 'ERROR'
  | 'DELETED'
  | 'PRE-UNLOADED'
  | 'WARNING';

export type NodeType = 'start' | 'human-interface' | 'email' | 'api' | 'script' | 'timer' | 'end';
export type CaseStatus = 'CREATED' | 'PROGRESS' | 'COMPLETED';
export type TicketStatus = 'assigned' | 'unassigned';
export type TicketState = 'open' | 'resolved' | 'canceled';
export type TicketExit = 'approved' | 'canceled';
export type InstanceStageStatus = 'running' | 'waiting' | 'success' | 'failed' | 'canceled';
export type ExecutionStatus = 'processing' | 'success' | 'error';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

/** A JSONB column with a default: optional on insert. (JsonWithDefault would nest two ColumnTypes.) */
type JsonWithDefault = ColumnType<JsonValue, JsonValue | undefined, JsonValue>;

/** A bigint column read back as a number (both backends parse int8 to numbers, see connection.ts). */
type Int8 = ColumnType<number, number, number>;

export type EnginesTable = Replicated & {
  id: string;
  name: string;
  description: Generated<string>;
  is_active: Generated<boolean>;
};

export type EngineUsersTable = Replicated & {
  id: string;
  engine_id: string;
  user_id: string;
};

export type CalendarsTable = Replicated & {
  id: string;
  name: string;
  description: Generated<string>;
  /** IANA zone, e.g. 'America/Mexico_City'. */
  time_zone: Generated<string>;
  /** Array of weekday numbers, 0 Sunday .. 6 Saturday. */
  working_weekdays: JsonWithDefault;
  /** Array of 'YYYY-MM-DD' dates in the calendar's zone. */
  holidays: JsonWithDefault;
};

/**
 * `stages` holds the flow graph: an array of stages, the first `start` stage being the entry:
 * `{ key, name, templateId, nodeType, config, caseStateKey?, transitions: [{ to, when? }] }` where `when` is a
 * JSON Logic condition over the instance's values; the first transition whose condition holds (or that has none)
 * is taken.
 */
export type FlowsTable = Replicated & {
  id: string;
  name: string;
  description: Generated<string>;
  creator_user_id: string | null;
  type: Generated<string>;
  stages: JsonWithDefault;
};

export type AppsTable = Replicated & {
  id: string;
  engine_id: string;
  owner_user_id: string;
  name: string;
  description: Generated<string>;
  is_active: Generated<boolean>;
  flow_id: string | null;
  calendar_id: string | null;
  /** Part 1 §3: { active, appsInstances, executedPoints }. */
  statistics: JsonWithDefault;
};

export type WebhooksTable = Replicated & {
  id: string;
  user_id: string;
  name: string;
  description: Generated<string>;
  url: string;
  /** SHA-256 (hex) of the token; the token is shown only when generated. */
  token_hash: string;
  token_hint: Generated<string>;
};

export type EventsTable = Replicated & {
  id: string;
  app_id: string;
  name: string;
  description: Generated<string>;
  cron_rule: string | null;
  calendar_id: string | null;
  is_active: Generated<boolean>;
  webhook_id: string | null;
  last_fired_at: NullableTimestamp;
  next_fire_at: NullableTimestamp;
};

export type TeamsTable = Replicated & {
  id: string;
  engine_id: string | null;
  name: string;
  color: Generated<string>;
  light_yellow: Generated<number>;
  light_red: Generated<number>;
  /** Comma list of sms, phone, email, slack. */
  notify_channels: Generated<string>;
  webhook_email: string | null;
  tok_email: string | null;
  tok_slack: string | null;
  slack_link: string | null;
  is_active: Generated<boolean>;
};

export type MembersTable = Replicated & {
  id: string;
  name: string;
  email: string;
  slack_link: string | null;
  user_id: string | null;
};

export type TeamMembersTable = Replicated & {
  id: string;
  team_id: string;
  member_id: string;
};

export type CaseTypesTable = Replicated & {
  id: string;
  /** The id the administrator types ('TBD', 'CLAIM'): unique per workspace. */
  code: string;
  description: Generated<string>;
  starting_app_id: string | null;
  /** Slash-separated list of inputs. */
  params_expected: Generated<string>;
  /** Slash-separated list of outputs. */
  results_expected: Generated<string>;
};

export type CaseStatesTable = Replicated & {
  id: string;
  case_type_id: string;
  state_key: string;
  description: Generated<string>;
  order: Generated<number>;
  hide: Generated<boolean>;
};

export type CasesTable = Replicated & {
  id: string;
  case_type_id: string;
  state_id: string | null;
  status: Generated<CaseStatus>;
  customer_id: string | null;
  category: string | null;
  description: Generated<string>;
  data: JsonWithDefault;
  batch_id: string | null;
  closing: NullableTimestamp;
};

export type CaseHistoryTable = Replicated & {
  id: string;
  case_id: string;
  state_id: string | null;
  field_new_data: string | null;
  transaction_date: Timestamp;
  event_type: Generated<string>;
  event_details: Generated<string>;
  event_description: Generated<string>;
  agent_prefix: Generated<string>;
};

export type CaseLogsTable = Replicated & {
  id: string;
  case_id: string;
  date: Timestamp;
  action_description: Generated<string>;
  field_changed: string | null;
  new_value: string | null;
};

export type CaseNotesTable = Replicated & {
  id: string;
  case_id: string;
  /** title, details, description and agent prefix joined by '///'. */
  note_text: string;
  author_user_id: string | null;
  member_id: string | null;
  case_state_description: string | null;
  entry_date: Timestamp;
  edited: Generated<boolean>;
};

export type CaseFilesTable = Replicated & {
  id: string;
  case_id: string;
  name: string;
  mime_type: Generated<string>;
  size: Int8;
  storage_key: string;
  is_public: Generated<boolean>;
  uploaded_by: string | null;
};

export type TicketsTable = Replicated & {
  id: string;
  case_id: string | null;
  instance_id: string | null;
  stage_key: string | null;
  /** Shown as "Case ID" in the inbox. */
  operation: Generated<string>;
  contact: string | null;
  contact_name: string | null;
  description: Generated<string>;
  team_id: string;
  assignee_member_id: string | null;
  assignee_user_id: string | null;
  status: Generated<TicketStatus>;
  state: Generated<TicketState>;
  template: Generated<string>;
  initial_values: JsonWithDefault;
  data: JsonWithDefault;
  sla_seconds: number;
  due_at: Timestamp;
  claimed_at: NullableTimestamp;
  resolved_at: NullableTimestamp;
  resolved_by_user_id: string | null;
  exit: TicketExit | null;
};

export type BatchesTable = Replicated & {
  id: string;
  name: string;
  description: Generated<string>;
  status: Generated<BatchStatus>;
  case_type_id: string;
  user_id: string;
  user_name: Generated<string>;
  /** The CSV rows as objects keyed by the header. */
  batch_data: JsonWithDefault;
  processed_at: NullableTimestamp;
};

export type BatchLinesTable = Replicated & {
  id: string;
  batch_id: string;
  line_id: string;
  case_id: string | null;
  status: Generated<BatchStatus>;
  data: JsonWithDefault;
  state: string | null;
  processed_at: NullableTimestamp;
};

export type InstancesTable = Replicated & {
  id: string;
  app_id: string;
  flow_id: string | null;
  event_id: string | null;
  case_id: string | null;
  name: Generated<string>;
  status: Generated<InstanceStatus>;
  values: JsonWithDefault;
  /** Array of { stage, stage_type, source, success, timestamp, parameters } (part 1 §3). */
  stage_history: JsonWithDefault;
  current_stage: string | null;
  start_date: NullableTimestamp;
  end_date: NullableTimestamp;
  wake_at: NullableTimestamp;
  error: string | null;
  attempt: Generated<number>;
};

export type InstanceStagesTable = Replicated & {
  id: string;
  instance_id: string;
  stage_key: string;
  node_type: NodeType;
  status: Generated<InstanceStageStatus>;
  seq: Generated<number>;
  values: JsonWithDefault;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  error: string | null;
};

export type FrontdeskFormsTable = Replicated & {
  id: string;
  /** Public slug of the form's link; unique across workspaces. */
  form_id: string;
  name: string;
  case_type_id: string;
  description: Generated<string>;
  template: Generated<string>;
  link: string | null;
  webhook: string | null;
  is_active: Generated<boolean>;
};

export type NodeTemplatesTable = Replicated & {
  id: string;
  case_type_id: string;
  node_type: NodeType;
  name: string;
  description: Generated<string>;
  config: JsonWithDefault;
  /** HTML for human-interface templates, 'EMPTY' for every other type. */
  template: Generated<string>;
};

export type WebhookExecutionsTable = Replicated & {
  id: string;
  webhook_id: string;
  event_id: string | null;
  instance_id: string | null;
  status: ExecutionStatus;
  request_url: string;
  request_method: Generated<string>;
  request_headers: JsonWithDefault;
  request_body: Json | null;
  response_status: number | null;
  response_headers: Json | null;
  response_body: Json | null;
  response_time_ms: number | null;
  error_message: string | null;
  idempotency_key: string | null;
  executed_at: Timestamp;
};

export type ExternalApiExecutionsTable = Replicated & {
  id: string;
  instance_id: string | null;
  stage_key: string | null;
  request_method: HttpMethod;
  request_url: string;
  request_headers: JsonWithDefault;
  request_body: Json | null;
  response_status: number | null;
  response_headers: Json | null;
  response_body: Json | null;
  status: ExecutionStatus;
  duration_ms: number | null;
  error_message: string | null;
  error_code: string | null;
  /** A user id, or 'engine' for calls made by API stages. */
  initiated_by: string | null;
  client_ip: string | null;
  user_agent: string | null;
  executed_at: Timestamp;
};

/** The engine's work queue (not replicated). */
export type JobsTable = {
  id: string;
  workspace_id: string;
  kind: string;
  instance_id: string | null;
  dedupe_key: string | null;
  run_at: Timestamp;
  locked_until: NullableTimestamp;
  locked_by: string | null;
  attempts: Generated<number>;
  payload: JsonWithDefault;
  last_error: string | null;
  done_at: NullableTimestamp;
  created_at: Timestamp;
};

export type DomainTables = {
  engines: EnginesTable;
  engine_users: EngineUsersTable;
  calendars: CalendarsTable;
  flows: FlowsTable;
  apps: AppsTable;
  webhooks: WebhooksTable;
  events: EventsTable;
  teams: TeamsTable;
  members: MembersTable;
  team_members: TeamMembersTable;
  case_types: CaseTypesTable;
  case_states: CaseStatesTable;
  cases: CasesTable;
  case_history: CaseHistoryTable;
  case_logs: CaseLogsTable;
  case_notes: CaseNotesTable;
  case_files: CaseFilesTable;
  tickets: TicketsTable;
  batches: BatchesTable;
  batch_lines: BatchLinesTable;
  instances: InstancesTable;
  instance_stages: InstanceStagesTable;
  frontdesk_forms: FrontdeskFormsTable;
  node_templates: NodeTemplatesTable;
  webhook_executions: WebhookExecutionsTable;
  external_api_executions: ExternalApiExecutionsTable;
  jobs: JobsTable;
};

/** Every replicated domain table (all but jobs): each carries workspace_id, rev and deleted. */
export const REPLICATED_DOMAIN_TABLES = [
  'engines',
  'engine_users',
  'calendars',
  'flows',
  'apps',
  'webhooks',
  'events',
  'teams',
  'members',
  'team_members',
  'case_types',
  'case_states',
  'cases',
  'case_history',
  'case_logs',
  'case_notes',
  'case_files',
  'tickets',
  'batches',
  'batch_lines',
  'instances',
  'instance_stages',
  'frontdesk_forms',
  'node_templates',
  'webhook_executions',
  'external_api_executions',
] as const satisfies readonly (keyof DomainTables)[];

export type ReplicatedDomainTable = (typeof REPLICATED_DOMAIN_TABLES)[number];
