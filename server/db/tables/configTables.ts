import type { Generated } from 'kysely';
import type { JsonWithDefault } from '../domainTables.ts';
import type { NullableTimestamp, Replicated, Timestamp } from '../schema.ts';

/** Table types of the workspace model: engines, calendars, flows, apps, webhooks, events, teams, members, case types and states. */

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
  /** The current version: the one a new instance starts on (migration 008). */
  version: Generated<number>;
};

/** A flow's graph as it was at each version; not replicated (migration 008). */
export type FlowVersionsTable = {
  id: string;
  workspace_id: string;
  flow_id: string;
  version: number;
  stages: JsonWithDefault;
  created_at: Timestamp;
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
