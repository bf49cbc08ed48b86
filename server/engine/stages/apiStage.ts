import type { HttpMethod } from '../../db/domainTables.ts';
import type { JsonValue } from '../../db/schema.ts';
import { exportedOnly, isPlainObject, type Values } from '../instanceModel.ts';
import { fillDeep, fillTemplate } from '../templating.ts';
import { OutboundError, sendRequest } from './outboundHttp.ts';
import { numberOr, objectOf, stringOr, type ApiCallRecord, type StageHandler } from './stageTypes.ts';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Worth another try: the network, a timeout, 429 and 5xx. A refused address or another 4xx is not. */
const retryable = (call: ApiCallRecord) =>
  call.errorCode === 'TIMEOUT' || call.errorCode === 'NETWORK' || call.responseStatus === 429 || (call.responseStatus ?? 0) >= 500;

/** A response body as a trace keeps it: JSON parsed when it says so, other text cut at 64 KiB. */
export function parseBody(text: string, contentType: string | undefined): JsonValue | null {
  if (!text) return null;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      return text;
    }
  }
  return text.slice(0, 64 * 1024);
}

/**
 * Calls the configured endpoint with a timeout, retrying with exponential backoff. Every attempt is recorded as
 * an external API execution; values named in exported_values are read from a JSON answer.
 */
export const apiStage: StageHandler = async (run, deps) => {
  const { settings } = deps;
  const request = objectOf(run.config.request);
  const method = stringOr(request.method, 'GET').toUpperCase() as HttpMethod;
  if (!METHODS.includes(method)) return { kind: 'fail', error: `API stage '${run.stage.key}' has an unknown method ${method}` };
  const url = fillTemplate(stringOr(request.url, ''), run.values, encodeURIComponent);
  const headers = Object.fromEntries(Object.entries(objectOf(fillDeep(request.headers, run.values))).map(([k, v]) => [k, String(v)]));
  const bodyValue = request.body === undefined ? null : (fillDeep(request.body, run.values) as JsonValue);
  const body = bodyValue === null ? null : typeof bodyValue === 'string' ? bodyValue : JSON.stringify(bodyValue);
  if (body !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
  const timeoutMs = Math.min(settings.apiTimeoutMs, Math.max(1, numberOr(request.timeoutMs, settings.apiTimeoutMs)));
  const retries = Math.max(0, Math.min(5, numberOr(request.retries, settings.apiRetries)));

  const calls: ApiCallRecord[] = [];
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(settings.apiBackoffMs * 2 ** (attempt - 1));
    const at = deps.now();
    const started = performance.now();
    const call: ApiCallRecord = {
      method, url, requestHeaders: headers, requestBody: bodyValue, responseStatus: null, responseHeaders: null,
      responseBody: null, durationMs: 0, error: null, errorCode: null, at,
    };
    try {
      const response = await sendRequest({ method, url, headers, body, timeoutMs }, settings.allowPrivateNetwork);
      call.responseStatus = response.status;
      call.responseHeaders = response.headers;
      call.responseBody = parseBody(response.bodyText, response.headers['content-type']);
      if (response.status >= 400) {
        call.error = `The API answered ${response.status}`;
        call.errorCode = `HTTP_${response.status}`;
      }
    } catch (error) {
      call.error = error instanceof Error ? error.message : String(error);
      call.errorCode = error instanceof OutboundError ? error.code : 'NETWORK';
    }
    call.durationMs = Math.round(performance.now() - started);
    calls.push(call);
    if (!call.error) break;
    if (!retryable(call)) break;
  }

  const last = calls[calls.length - 1];
  const parameters: Values = { method, url, attempts: calls.length, status: last?.responseStatus ?? null, durationMs: last?.durationMs ?? 0 };
  if (!last || last.error) {
    const tries = calls.length > 1 ? ` after ${calls.length} attempts` : '';
    return { kind: 'fail', error: `${last?.error ?? 'The API call failed'}${tries}`, parameters, apiCalls: calls };
  }
  const exported = isPlainObject(last.responseBody) ? exportedOnly(last.responseBody, run.config.exported_values) : {};
  return { kind: 'advance', exported, parameters: { ...parameters, ...exported }, apiCalls: calls };
};
