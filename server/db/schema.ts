import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { DomainTables } from './domainTables.ts';

/** JSONB columns: written as JS values, read back parsed. */
export type Json = ColumnType<JsonValue, JsonValue, JsonValue>;
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The columns every replicated row carries (ARCHITECTURE.md "Revisions"). */
export type Replicated = {
  workspace_id: string;
  rev: number;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WorkspacesTable = {
  id: string;
  name: string;
  external_dashboard_url: string | null;
  /** A WhatsApp number or an https link (src/domain/settings/workspaceRules.ts); migration 007. */
  chat_link: Generated<string | null>;
  /** The Graphic Designer site the form template editor frames (https, or http on this machine); migration 013. */
  designer_url: Generated<string | null>;
  rev: Generated<number>;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WorkspaceRevisionsTable = { workspace_id: string; rev: Generated<number> };

export type UserRole = 'ADMIN' | 'NORMAL' | 'OTHER' | 'OPS-ADMIN';
/** Part 1 §4: 0 Active, 1 Inactive, 2 Expired. */
export type UserStatus = 0 | 1 | 2;

export type UsersTable = Replicated & {
  id: string;
  name: string;
  username: string;
  email: string;
  phone: string | null;
  role: UserRole;
  status: Generated<UserStatus>;
  language: Generated<string>;
  password_hash: string;
  enabled_modules: Json;
  rights: Json;
  system_visibility: Generated<boolean>;
};

export type SessionsTable = {
  id: string;
  token_hash: string;
  user_id: string;
  workspace_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
};

export type PasswordResetsTable = {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type MailLogTable = {
  id: string;
  workspace_id: string | null;
  recipient: string;
  subject: string;
  body: string;
  transport: 'smtp' | 'log';
  status: 'sent' | 'recorded' | 'failed';
  error: string | null;
  created_at: Timestamp;
};

export type CorsOriginsTable = {
  id: string;
  workspace_id: string | null;
  origin: string;
  description: string | null;
  active: Generated<boolean>;
  rev: Generated<number>;
  deleted: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MutationLogTable = {
  client_id: string;
  mutation_id: string;
  workspace_id: string;
  user_id: string;
  name: string;
  args: Json;
  status: 'applied' | 'rejected';
  result: Json | null;
  error_code: string | null;
  error_message: string | null;
  rev: number | null;
  client_at: NullableTimestamp;
  created_at: Timestamp;
};

/** Faults of ours while applying a mutation, counted so that a mutation that keeps failing is rejected. */
export type MutationFaultsTable = {
  client_id: string;
  mutation_id: string;
  workspace_id: string;
  attempts: number;
  last_error: string | null;
  updated_at: Generated<Date>;
};

export type CoreTables = {
  workspaces: WorkspacesTable;
  workspace_revisions: WorkspaceRevisionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  mail_log: MailLogTable;
  cors_origins: CorsOriginsTable;
  mutation_log: MutationLogTable;
  mutation_faults: MutationFaultsTable;
};

export type Database = CoreTables & DomainTables;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
