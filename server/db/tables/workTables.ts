import type { Generated } from 'kysely';
import type { InstanceStatus, BatchStatus, NodeType, CaseStatus, TicketStatus, TicketState, TicketExit, InstanceStageStatus, ExecutionStatus, HttpMethod, JsonWithDefault, Int8 } from '../domainTables.ts';
import type { Json, NullableTimestamp, Replicated, Timestamp } from '../schema.ts';

/** Table types of the work: cases and their records, tickets, batches, instances, forms, templates and traces. */

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
  /** Migration 015: the version of the node template whose text the ticket copied (null before 015). */
  template_version: number | null;
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
  /** The CSV header line (migration 012). */
  header: JsonWithDefault;
  /** Lines read from the file, lines the server holds, and their outcomes so far. */
  line_count: Generated<number>;
  inserted_count: Generated<number>;
  done_count: Generated<number>;
  error_count: Generated<number>;
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
  /** The line's number in the file (migration 012); unique within its batch; null on older rows. */
  line_no: number | null;
  /** Why the line ended ERROR. */
  error: string | null;
};

export type InstancesTable = Replicated & {
  id: string;
  app_id: string;
  flow_id: string | null;
  /** The flow version the instance started on and runs to its end; null (older rows) means the current one. */
  flow_version: Generated<number | null>;
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
  /** Migration 013: the current version, +1 on every edit that changes the template. */
  version: Generated<number>;
};

/** Migration 013: each version's template (not replicated). */
export type FrontdeskFormVersionsTable = {
  form_row_id: string;
  version: number;
  template: string;
  created_at: Timestamp;
};

/** Migration 013: one row per kiosk submission; id is the kiosk's submission id (not replicated). */
export type FrontdeskSubmissionsTable = {
  id: string;
  workspace_id: string;
  form_row_id: string;
  form_version: number;
  kiosk_id: string;
  values: JsonWithDefault;
  case_id: string;
  filled_at: Timestamp;
  received_at: Timestamp;
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
  /** Migration 015: the current version, +1 on every save that changes the template text or its pages. */
  version: Generated<number>;
};

/** Migration 015: each version's text and pages (not replicated). */
export type NodeTemplateVersionsTable = {
  template_id: string;
  version: number;
  template: string;
  pages: JsonWithDefault;
  created_at: Timestamp;
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

/** An answer link's code, stored as its SHA-256 (migration 009); not replicated. */
export type ContactAnswersTable = {
  id: string;
  workspace_id: string;
  instance_id: string;
  stage_key: string;
  seq: number;
  code_hash: string;
  answer: number | null;
  answered_at: NullableTimestamp;
  created_at: Generated<Date>;
};

/** Migration 010: an e-signature request on a case (replicated as caseRecords kind 'envelope'; token_hash stays here). */
export type EnvelopeStatus = 'created' | 'sent' | 'signed' | 'declined' | 'expired';
export type EnvelopesTable = Replicated & {
  id: string;
  case_id: string;
  provider: Generated<string>;
  provider_envelope_id: string | null;
  document_file_id: string | null;
  signer_name: string;
  signer_email: string;
  status: Generated<EnvelopeStatus>;
  token_hash: string | null;
  callback_url: string | null;
  expires_at: NullableTimestamp;
  signed_at: NullableTimestamp;
  signer_ip: string | null;
  signer_user_agent: string | null;
  signed_file_id: string | null;
  audit_file_id: string | null;
  created_by: string | null;
};
