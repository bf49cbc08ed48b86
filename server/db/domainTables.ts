import type { ColumnType, Generated } from 'kysely';
import type { JsonValue, NullableTimestamp, Timestamp } from './schema.ts';

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
export type JsonWithDefault = ColumnType<JsonValue, JsonValue | undefined, JsonValue>;

/** A bigint column read back as a number (both backends parse int8 to numbers, see connection.ts). */
export type Int8 = ColumnType<number, number, number>;

import type { EnginesTable, EngineUsersTable, CalendarsTable, FlowsTable, FlowVersionsTable, AppsTable, WebhooksTable, EventsTable, TeamsTable, MembersTable, TeamMembersTable, CaseTypesTable, CaseStatesTable } from './tables/configTables.ts';
export type { EnginesTable, EngineUsersTable, CalendarsTable, FlowsTable, FlowVersionsTable, AppsTable, WebhooksTable, EventsTable, TeamsTable, MembersTable, TeamMembersTable, CaseTypesTable, CaseStatesTable } from './tables/configTables.ts';
import type { CasesTable, CaseHistoryTable, CaseLogsTable, CaseNotesTable, CaseFilesTable, TicketsTable, BatchesTable, BatchLinesTable, InstancesTable, InstanceStagesTable, FrontdeskFormsTable, FrontdeskFormVersionsTable, FrontdeskSubmissionsTable, NodeTemplatesTable, NodeTemplateVersionsTable, WebhookExecutionsTable, ExternalApiExecutionsTable, ContactAnswersTable, EnvelopesTable } from './tables/workTables.ts';
export type { CasesTable, CaseHistoryTable, CaseLogsTable, CaseNotesTable, CaseFilesTable, TicketsTable, BatchesTable, BatchLinesTable, InstancesTable, InstanceStagesTable, FrontdeskFormsTable, FrontdeskFormVersionsTable, FrontdeskSubmissionsTable, NodeTemplatesTable, NodeTemplateVersionsTable, WebhookExecutionsTable, ExternalApiExecutionsTable, ContactAnswersTable, EnvelopesTable } from './tables/workTables.ts';

import type { CaseFlowAggregatesTable, CaseStateAggregatesTable, TicketLightAggregatesTable } from './tables/aggregateTables.ts';
export type { CaseFlowAggregatesTable, CaseStateAggregatesTable, TicketLightAggregatesTable } from './tables/aggregateTables.ts';

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
  flow_versions: FlowVersionsTable;
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
  frontdesk_form_versions: FrontdeskFormVersionsTable;
  frontdesk_submissions: FrontdeskSubmissionsTable;
  node_templates: NodeTemplatesTable;
  node_template_versions: NodeTemplateVersionsTable;
  webhook_executions: WebhookExecutionsTable;
  external_api_executions: ExternalApiExecutionsTable;
  jobs: JobsTable;
  contact_answers: ContactAnswersTable;
  envelopes: EnvelopesTable;
  case_flow_aggregates: CaseFlowAggregatesTable;
  case_state_aggregates: CaseStateAggregatesTable;
  ticket_light_aggregates: TicketLightAggregatesTable;
};

/**
 * The replicated tables of migration 002 (all but jobs, flow_versions and contact_answers): each carries workspace_id,
 * rev and deleted. Envelopes (migration 010) are replicated too, but come later than the seed and the schema test.
 */
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
