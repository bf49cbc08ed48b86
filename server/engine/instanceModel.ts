import { z } from 'zod';
import type { Selectable } from 'kysely';
import { flowStageSchema, type FlowStage } from '../../src/domain/engine/flowGraph.ts';
import type { InstanceStageStatus, InstancesTable, NodeType } from '../db/domainTables.ts';
import type { JsonValue } from '../db/schema.ts';

/** How the engine reads an instance's JSON columns, and the stage-history entry of part 1 §3. */
export type Values = { [key: string]: JsonValue };
export type InstanceRow = Selectable<InstancesTable>;

/** One entry per stage visit (seq), updated in place when a waiting stage finishes. */
export type StageHistoryEntry = {
  seq: number;
  stage: string;
  stage_type: NodeType;
  source: string | null;
  success: boolean;
  status: InstanceStageStatus;
  timestamp: string;
  parameters: Values;
  error?: string;
};

export const isPlainObject = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const valuesOf = (value: unknown): Values => (isPlainObject(value) ? value : {});

export function historyOf(value: unknown): StageHistoryEntry[] {
  return Array.isArray(value) ? (value.filter(isPlainObject) as unknown as StageHistoryEntry[]) : [];
}

/** Replaces the entry of the same visit, or appends. */
export function upsertHistory(history: StageHistoryEntry[], entry: StageHistoryEntry): StageHistoryEntry[] {
  const index = history.findIndex((e) => e.seq === entry.seq && e.stage === entry.stage);
  if (index < 0) return [...history, entry];
  const copy = [...history];
  copy[index] = entry;
  return copy;
}

const storedGraph = z.array(flowStageSchema);

/** The stored graph, or null when it does not parse (a run of it fails with a clear error). */
export function parseStoredGraph(value: unknown): FlowStage[] | null {
  const parsed = storedGraph.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const stageRowId = (instanceId: string, seq: number) => `${instanceId}-s${seq}`;

/** Values written by a stage, limited to the names the node template exports when it lists any. */
export function exportedOnly(result: Values, exportedNames: unknown): Values {
  if (!Array.isArray(exportedNames) || exportedNames.length === 0) return result;
  const names = new Set(exportedNames.filter((n): n is string => typeof n === 'string'));
  return Object.fromEntries(Object.entries(result).filter(([key]) => names.has(key)));
}

/**
 * A JSON value for a jsonb parameter. Objects and arrays are sent as JSON by the JsonParametersPlugin, but a bare
 * string would reach PostgreSQL as JSON text to parse, so scalars are encoded here.
 */
export const jsonParam = (value: JsonValue | null | undefined): JsonValue | null =>
  value === null || value === undefined ? null : typeof value === 'object' ? value : JSON.stringify(value);
