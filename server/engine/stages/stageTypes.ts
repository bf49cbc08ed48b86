import type { FastifyBaseLogger } from 'fastify';
import type { FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import type { HttpMethod } from '../../db/domainTables.ts';
import type { JsonValue } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { InstanceRow, Values } from '../instanceModel.ts';
import type { Job } from '../jobQueue.ts';

/**
 * A stage handler does the stage's work outside any transaction (HTTP calls, scripts, mail) and answers an
 * outcome; the runner then commits the outcome in one revision transaction (stageCommit.ts).
 */
export type StageRun = {
  job: Job;
  instance: InstanceRow;
  app: { id: string; name: string };
  graph: FlowStage[];
  stage: FlowStage;
  seq: number;
  /** The node template's id and its HTML (human-interface), when the stage names one. */
  template: { id: string; html: string; version: number } | null;
  /** The node template's config overlaid with the stage's own config. */
  config: Values;
  values: Values;
  payload: Values;
  now: Date;
};

export type ApiCallRecord = {
  method: HttpMethod;
  url: string;
  requestHeaders: Values;
  requestBody: JsonValue | null;
  responseStatus: number | null;
  responseHeaders: Values | null;
  responseBody: JsonValue | null;
  durationMs: number;
  error: string | null;
  errorCode: string | null;
  at: Date;
};

/** templateVersion: the node template version whose text `html` is (null when the stage has no template). */
export type TicketSpec = { teamId: string; slaSeconds: number; html: string; templateVersion: number | null; description: string };

export type StageOutcome =
  | { kind: 'advance'; exported: Values; parameters: Values; apiCalls?: ApiCallRecord[] }
  | { kind: 'fail'; error: string; parameters?: Values; apiCalls?: ApiCallRecord[] }
  | { kind: 'wait-until'; wakeAt: Date; parameters: Values }
  | { kind: 'open-ticket'; ticket: TicketSpec; parameters: Values }
  /** Parks the instance until its answer link is opened (server/engine/contactAnswer.ts); only the code's hash is kept. */
  | { kind: 'wait-answer'; codeHash: string; parameters: Values };

export type StageSettings = {
  allowPrivateNetwork: boolean;
  apiRetries: number;
  apiBackoffMs: number;
  apiTimeoutMs: number;
  scriptTimeMs: number;
  scriptMemoryBytes: number;
  /** Where the console is reached from outside (PUBLIC_URL), for links in e-mails such as answer links. */
  publicBaseUrl: string;
};

export type StageDeps = { mailer: Mailer; settings: StageSettings; log: FastifyBaseLogger; now: () => Date };

export type StageHandler = (run: StageRun, deps: StageDeps) => Promise<StageOutcome>;

export const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
export const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
export const objectOf = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});
