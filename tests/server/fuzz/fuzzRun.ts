import { readdir } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createSession } from '../../../server/auth/sessions.ts';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import type { MutationOutcome } from '../../../src/domain/sync/protocol.ts';
import type { TestApp } from '../helpers/testApp.ts';
import { buildRequest, sampleRequests, type FuzzRequest } from './fuzzRequests.ts';
import { loadFuzzContext } from './fuzzTargets.ts';

/** What a run found: each one is a bug (a 5xx, a mutation left without an outcome, a write by a refused request). */
export type FuzzFinding = { kind: 'server-error' | 'no-outcome' | 'refused-but-wrote' | 'tail-not-applied' | 'timeout'; request: string; detail: string };


export type FuzzStats = {
  requests: number;
  byStatus: Record<string, number>;
  routes: number;
  mutationsSent: number;
  /** How many of the registry's mutation names were sent (hostile names are sent as well). */
  mutationNames: number;
  outcomes: number;
  findings: FuzzFinding[];
  seconds: number;
};

/** Everything a refused request must leave as it was. */
async function writeFingerprint(t: TestApp): Promise<string> {
  const { rows } = await sql<Record<string, unknown>>`
    select (select coalesce(sum(rev), 0) from workspace_revisions) as revs,
           (select count(*) from sessions) as sessions,
           (select count(*) from mail_log) as mails,
           (select count(*) from password_resets) as resets,
           (select count(*) from webhook_executions) as deliveries,
           (select count(*) from external_api_executions) as calls`.execute(t.handle.db);
  const store = t.config.fileStore;
  const files = store.kind === 'local' ? await readdir(store.root, { recursive: true }).catch(() => []) : [];
  return JSON.stringify({ ...rows[0], files: files.length });
}

const describeRequest = (r: FuzzRequest) => {
  const body = r.payload === undefined ? '' : ` ${String(r.payload).slice(0, 240)}`;
  return `${r.caller} ${r.method} ${r.url.slice(0, 200)}${body}`;
};

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Sends `count` fuzzed requests to the app, one at a time, and checks each: no 5xx; a refused request (4xx)
 * changes nothing (revisions, sessions, mails, reset tokens, stored files; a refused webhook delivery may only add
 * its own trace row); every mutation with a string id gets an outcome; and the valid mutation sent last in each
 * batch applies, so nothing before it held the queue.
 */
export async function runFuzz(t: TestApp, options: { requests: number; seed: number; onProgress?: (done: number, stats: FuzzStats) => void }): Promise<FuzzStats> {
  const started = performance.now();
  const upload = await t.app.inject({
    method: 'POST',
    url: '/cases/case-demo-0001/files',
    headers: { ...(await sessionHeaders(t, 'usr-demo-admin')), 'content-type': 'multipart/form-data; boundary=b' },
    payload: '--b\r\nContent-Disposition: form-data; name="file1"; filename="seed.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n',
  });
  const fileId = (upload.json() as { files: Array<{ id: string }> }).files[0]!.id;
  const context = await loadFuzzContext(t.handle.db, fileId);
  const tokens = { admin: await sessionToken(t, context.admin), agent: await sessionToken(t, context.agent) };
  const stats: FuzzStats = { requests: 0, byStatus: {}, routes: 0, mutationsSent: 0, mutationNames: 0, outcomes: 0, findings: [], seconds: 0 };
  const routes = new Set<string>();
  const names = new Set<string>();

  for (const plan of sampleRequests(options.requests, options.seed)) {
    const request = buildRequest(plan, context, tokens);
    routes.add(request.route);
    for (const name of request.mutations?.names ?? []) if (MUTATIONS.has(name)) names.add(name);
    const before = await writeFingerprint(t);
    let response;
    try {
      response = await Promise.race([
        t.app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), REQUEST_TIMEOUT_MS)),
      ]);
    } catch (error) {
      stats.findings.push({ kind: 'timeout', request: describeRequest(request), detail: String(error) });
      continue;
    }
    stats.requests += 1;
    const status = response.statusCode;
    stats.byStatus[`${Math.floor(status / 100)}xx`] = (stats.byStatus[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
    const finding = (kind: FuzzFinding['kind'], detail: string) => stats.findings.push({ kind, request: describeRequest(request), detail });

    if (status >= 500) finding('server-error', `${status} ${response.body.slice(0, 300)}`);
    else if (status >= 400) {
      const after = await writeFingerprint(t);
      if (after !== before && !(TRACED_ROUTES[request.route] && onlyTraceAdded(before, after, TRACED_ROUTES[request.route]!))) {
        finding('refused-but-wrote', `${status} ${response.body.slice(0, 200)}: ${before} → ${after}`);
      }
    } else if (request.mutations) {
      const results = (response.json() as { results: MutationOutcome[] }).results;
      stats.mutationsSent += request.mutations.ids.length;
      stats.outcomes += results.length;
      const answered = new Set(results.map((r) => r.id));
      const missing = request.mutations.ids.filter((id) => typeof id === 'string' && !answered.has(id));
      if (missing.length > 0) finding('no-outcome', `${missing.length} of ${request.mutations.ids.length} without an outcome: ${response.body.slice(0, 200)}`);
      const tail = results.find((r) => r.id === request.mutations!.tailId);
      if (tail && tail.status !== 'applied') finding('tail-not-applied', JSON.stringify(tail));
      // Each applied mutation is one workspace transaction and one revision; a rejected one leaves none.
      const applied = results.filter((r) => r.status === 'applied').length;
      const revs = (fingerprint: string) => Number((JSON.parse(fingerprint) as { revs: number | string }).revs);
      const written = revs(await writeFingerprint(t)) - revs(before);
      if (written !== applied) finding('refused-but-wrote', `${applied} applied but ${written} revisions written: ${response.body.slice(0, 300)}`);
    }
    // A request may end the session it was made with (a sign-out, a password change): the next ones get a new one.
    if (status < 300 && (request.route === 'POST /auth/logout' || request.route === 'POST /auth/password') && request.caller !== 'none' && request.caller !== 'bogus') {
      tokens[request.caller] = await sessionToken(t, context[request.caller]);
    }
    options.onProgress?.(stats.requests, stats);
  }
  stats.routes = routes.size;
  stats.mutationNames = names.size;
  stats.seconds = Math.round((performance.now() - started) / 100) / 10;
  return stats;
}

/** A refused webhook delivery is recorded: one more trace row, under one more revision, and nothing else. */
/** Routes whose refusals are still recorded in a trace (a webhook delivery, an external call), and which count. */
const TRACED_ROUTES: Record<string, 'deliveries' | 'calls'> = { 'POST /hooks/:webhookId': 'deliveries', 'POST /call-external-api': 'calls' };

function onlyTraceAdded(before: string, after: string, trace: 'deliveries' | 'calls'): boolean {
  const b = JSON.parse(before) as Record<string, number | string>;
  const a = JSON.parse(after) as Record<string, number | string>;
  const other = trace === 'deliveries' ? 'calls' : 'deliveries';
  return Number(a[trace]) === Number(b[trace]) + 1 && a[other] === b[other] && Number(a.revs) === Number(b.revs) + 1 &&
    a.sessions === b.sessions && a.mails === b.mails && a.resets === b.resets && a.files === b.files;
}

async function sessionToken(t: TestApp, userId: string): Promise<string> {
  return (await createSession(t.handle.db, { id: userId, workspace_id: 'ws-demo' }, 3600, 'fuzz')).token;
}

async function sessionHeaders(t: TestApp, userId: string) {
  return { authorization: `Bearer ${await sessionToken(t, userId)}` };
}
