import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { ExternalCallBody } from '../../src/domain/traces/externalCall.ts';
import { maskBody, maskHeaders } from '../../src/domain/traces/secretMasking.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import { jsonParam } from '../engine/instanceModel.ts';
import { parseBody } from '../engine/stages/apiStage.ts';
import { OutboundError, sendRequest } from '../engine/stages/outboundHttp.ts';
import { ApiError } from '../http/errors.ts';
import { runWrite, type WriteService } from './context.ts';

export type ExternalCallAnswer = { executionId: string; status: number; headers: Record<string, string>; body: JsonValue | null; duration: number };
export type ExternalCallCaller = { ip: string | null; userAgent: string | null };
export type ExternalCallSettings = { allowPrivateNetwork: boolean; timeoutMs: number };

/**
 * How a failed call answers its caller. A refused address or URL is the caller's mistake (400); a timeout and a
 * network failure are the other side's (504, 502). The answer of a reachable service, whatever its status, is
 * passed back as it came (200 with its status inside).
 */
const FAILURE_STATUS: Record<OutboundError['code'], number> = { BLOCKED_ADDRESS: 400, BAD_URL: 400, TIMEOUT: 504, NETWORK: 502, TOO_LARGE: 502 };
const FAILURE_CODE: Record<OutboundError['code'], string> = {
  BLOCKED_ADDRESS: 'blocked-address',
  BAD_URL: 'invalid-url',
  TIMEOUT: 'external-timeout',
  NETWORK: 'external-unreachable',
  TOO_LARGE: 'external-too-large',
};

type Execution = {
  id: string;
  call: ExternalCallBody;
  requestHeaders: Record<string, string>;
  caller: ExternalCallCaller;
  at: Date;
  durationMs: number;
  response: { status: number; headers: Record<string, string>; body: JsonValue | null } | null;
  error: { code: string; message: string } | null;
};

/** One external_api_executions row, in the workspace's revision like every replicated row (as stageCommit.ts writes them). */
const recordExecution: WriteService<Execution, void> = async ({ tx, rev, actor, now }, execution) => {
  const { response, error } = execution;
  await tx
    .insertInto('external_api_executions')
    .values({
      id: execution.id,
      workspace_id: actor.workspaceId,
      instance_id: null,
      stage_key: null,
      request_method: execution.call.verb,
      request_url: execution.call.url,
      // Secrets serve no purpose in a trace and the rows replicate to administrators' devices: kept masked.
      request_headers: maskHeaders(execution.requestHeaders),
      request_body: jsonParam(maskBody((execution.call.body ?? null) as JsonValue | null)),
      response_status: response?.status ?? null,
      response_headers: response ? maskHeaders(response.headers) : null,
      response_body: jsonParam(maskBody(response?.body ?? null)),
      status: error ? 'error' : 'success',
      duration_ms: execution.durationMs,
      error_message: error?.message ?? null,
      error_code: error?.code ?? null,
      initiated_by: actor.userId,
      client_ip: execution.caller.ip,
      user_agent: execution.caller.userAgent?.slice(0, 500) ?? null,
      executed_at: execution.at,
      rev,
      created_at: execution.at,
      updated_at: now,
    })
    .execute();
};

/**
 * POST /call-external-api: calls the URL through the API stages' SSRF-guarded client with a timeout, records the
 * call as an external API execution (refused and failed calls too, so the trace shows every attempt), and answers
 * the service's status, headers and body, or the failure as `{code, message}`.
 */
export async function callExternalApi(db: Kysely<Database>, actor: AuthContext, call: ExternalCallBody, caller: ExternalCallCaller, settings: ExternalCallSettings): Promise<ExternalCallAnswer> {
  const hasBody = call.body !== undefined && call.body !== null;
  const requestHeaders: Record<string, string> = { accept: 'application/json, text/plain;q=0.9, */*;q=0.1', ...(hasBody ? { 'content-type': 'application/json' } : {}) };
  const at = new Date();
  const started = performance.now();
  let response: Execution['response'] = null;
  let failure: OutboundError | null = null;
  try {
    const answer = await sendRequest({ method: call.verb, url: call.url, headers: requestHeaders, body: hasBody ? JSON.stringify(call.body) : null, timeoutMs: settings.timeoutMs }, settings.allowPrivateNetwork);
    response = { status: answer.status, headers: answer.headers, body: parseBody(answer.bodyText, answer.headers['content-type']) };
  } catch (error) {
    failure = error instanceof OutboundError ? error : new OutboundError('NETWORK', error instanceof Error ? error.message : String(error));
  }
  const durationMs = Math.round(performance.now() - started);
  const error = failure
    ? { code: failure.code, message: failure.message }
    : response && response.status >= 400
      ? { code: `HTTP_${response.status}`, message: `The API answered ${response.status}` }
      : null;
  const id = `api-${randomUUID()}`;
  await runWrite(db, actor, recordExecution, { id, call, requestHeaders, caller, at, durationMs, response, error });
  if (failure) throw new ApiError(FAILURE_STATUS[failure.code], FAILURE_CODE[failure.code], failure.message);
  if (!response) throw new ApiError(502, 'external-unreachable', 'The external service did not answer');
  return { executionId: id, status: response.status, headers: response.headers, body: response.body, duration: durationMs };
}
