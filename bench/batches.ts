/**
 * Batch execution (issue 17): a batch of N lines (10,000 by default) of the demo onboarding type, sent through the
 * outbox in chunks as the console sends it, played, and run by the engine polling as in production; meanwhile an
 * agent claims and releases a ticket every 100 ms, to show whether the inbox stays responsive. Reports lines per
 * second, the end-to-end time and the claim latency. Part of `npm run bench`; alone:
 * `node --import tsx bench/batches.ts [pglite|postgres] [lines]`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { chunkBatchLines } from '../src/domain/batches/batchLifecycle.ts';
import type { MutationBatchResponse } from '../src/domain/sync/protocol.ts';
import { createEngine, stageSettingsOf } from '../server/engine/engine.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { testBackends } from '../tests/server/helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../tests/server/helpers/testApp.ts';
import type { BenchResult } from './run.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Figures = { linesPerSecond: number; seconds: number; status: string; done: number; errors: number; claims: number; claimP50: number; claimP95: number };

async function send(t: TestApp, headers: { authorization: string }, clientId: string, mutations: Array<{ name: string; args: unknown }>) {
  const reply = await t.app.inject({ method: 'POST', url: '/sync/mutations', headers, payload: { clientId, mutations: mutations.map((m) => ({ id: randomUUID(), at: Date.now(), ...m })) } });
  const outcomes = reply.json<MutationBatchResponse>().results;
  const refused = outcomes.find((o) => o.status !== 'applied');
  if (reply.statusCode !== 200 || refused) throw new Error(`mutations refused: ${reply.statusCode} ${JSON.stringify(refused ?? reply.body)}`);
}

async function measure(backend: 'pglite' | 'postgres', lineCount: number): Promise<Figures> {
  const t = await createTestApp(backend);
  const db = t.handle.db;
  // The demo's cron events would add their own instances; this measures the batch and the inbox only.
  await db.updateTable('events').set({ is_active: false }).execute();
  const admin = await t.loginAs(demoAccount('ADMIN').username);
  const agent = await t.loginAs(demoAccount('NORMAL').username);
  const team = await db
    .selectFrom('team_members')
    .innerJoin('members', 'members.id', 'team_members.member_id')
    .select('team_members.team_id')
    .where('members.user_id', '=', agent.userId)
    .executeTakeFirstOrThrow();
  const ticket = await db.selectFrom('tickets').select('id').where('team_id', '=', team.team_id).where('status', '=', 'unassigned').where('state', '=', 'open').orderBy('id').executeTakeFirstOrThrow();

  const batchId = `bat-bench-${randomUUID()}`;
  const lines = Array.from({ length: lineCount }, (_, i) => ({ lineNo: i + 1, values: { customerName: `Bench customer ${i + 1}`, email: `bench${i + 1}@example.com`, plan: i % 3 === 0 ? 'gold' : 'basic' } }));
  await send(t, admin.headers, 'bench-batch', [{ name: 'batch.create', args: { batchId, name: 'Bench import', description: 'Benchmark batch', caseTypeId: 'ct-demo-onboarding', header: ['customerName', 'email', 'plan'], lineCount } }]);
  const chunks = chunkBatchLines(lines);
  for (let k = 0; k < chunks.length; k += 2) {
    await send(t, admin.headers, 'bench-batch', chunks.slice(k, k + 2).map((chunk, j) => ({ name: 'batch.addLines', args: { batchId, chunkIndex: k + j, lines: chunk } })));
  }

  const mailer = createMailer({ db, smtpUrl: undefined, from: 'bench@example.com', log: t.app.log });
  const engine = createEngine({ db, mailer, log: t.app.log, settings: stageSettingsOf(t.config), pollMs: 50 });
  const started = performance.now();
  await send(t, admin.headers, 'bench-batch', [{ name: 'batch.play', args: { batchId } }]);
  engine.start();
  const claims: number[] = [];
  let batch = { status: 'ONGOING', done_count: 0, error_count: 0 };
  while (batch.status === 'ONGOING') {
    const t0 = performance.now();
    await send(t, agent.headers, 'bench-agent', [{ name: 'ticket.claim', args: { ticketId: ticket.id } }]);
    claims.push(performance.now() - t0);
    await send(t, agent.headers, 'bench-agent', [{ name: 'ticket.release', args: { ticketId: ticket.id } }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    batch = await db.selectFrom('batches').select(['status', 'done_count', 'error_count']).where('id', '=', batchId).executeTakeFirstOrThrow();
  }
  const seconds = (performance.now() - started) / 1000;
  await engine.stop();
  await t.close();
  claims.sort((a, b) => a - b);
  return {
    linesPerSecond: Math.round(lineCount / seconds),
    seconds: Math.round(seconds * 10) / 10,
    status: batch.status,
    done: batch.done_count,
    errors: batch.error_count,
    claims: claims.length,
    claimP50: Math.round(percentile(claims, 50)),
    claimP95: Math.round(percentile(claims, 95)),
  };
}

export async function run(): Promise<BenchResult[]> {
  const lineCount = Number(process.env.BENCH_BATCH_LINES ?? 10_000);
  const backend = (await testBackends()).includes('postgres') ? 'postgres' : 'pglite';
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const f = await measure(backend, lineCount);
  return [
    { name: `${lineCount.toLocaleString('en-US')}-line batch, ${name}: lines per second`, value: f.linesPerSecond, unit: '/s' },
    { name: `  end to end (Play → ${f.status}, ${f.done} done, ${f.errors} errors)`, value: f.seconds, unit: 's' },
    { name: `  ticket claim during the run p50 / p95 (${f.claims} claims)`, value: f.claimP50, unit: `ms / ${f.claimP95} ms` },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
  const f = await measure(backend, Number(process.argv[3] ?? 10_000));
  process.stdout.write(`${backend}: ${JSON.stringify(f)}\n`);
}
