import type { Generated } from 'kysely';
import type { Json, Timestamp } from '../schema.ts';

/** The dashboard aggregates of migration 011, written only by its triggers (read by the pull and the stats calls). */
type AggregateRow = { workspace_id: string; rev: number; deleted: Generated<boolean>; updated_at: Generated<Timestamp> };

export type CaseFlowAggregatesTable = AggregateRow & {
  id: string;
  case_type_id: string;
  month: string;
  created: number[];
  closed: number[];
  resolution_minutes: number[];
};

export type CaseStateAggregatesTable = AggregateRow & {
  id: string;
  case_type_id: string;
  state_id: string | null;
  status: string;
  count: number;
};

export type TicketLightAggregatesTable = AggregateRow & {
  id: string;
  team_id: string;
  member_id: string | null;
  status: string;
  open: number;
  windows: Json;
};
