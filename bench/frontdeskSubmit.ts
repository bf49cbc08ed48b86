/**
 * Front desk kiosk submissions (issue 18): 500 submissions posted at once to the public endpoint of a real server
 * listening on a port (spread over 50 kiosk ids, so the per-kiosk rate limit is not what is measured), then all 500
 * posted again, as kiosks retrying after a lost answer would. Reports submissions per second, the latency p50 / p95
 * of the first wave and of the replay, and the cases made for those submission ids (must be exactly 500). Part of
 * `npm run bench`; alone: `node --import tsx bench/frontdeskSubmit.ts [pglite|postgres] [submissions]`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { testBackends } from '../tests/server/helpers/databases.ts';
import { createTestApp } from '../tests/server/helpers/testApp.ts';
import type { BenchResult } from './run.ts';

const FORM = 'claims-intake';
const KIOSKS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Wave = { perSecond: number; p50: number; p95: number; statuses: Record<number, number>; caseIds: Map<string, string> };
type Figures = { first: Wave; replay: Wave; cases: number; sameCaseOnReplay: boolean };

async function wave(base: string, submissions: Array<{ submissionId: string; kiosk: string; values: Record<string, string> }>): Promise<Wave> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const caseIds = new Map<string, string>();
  const started = performance.now();
  await Promise.all(
    submissions.map(async (s) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/public/forms/${FORM}/submissions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-kiosk-id': s.kiosk },
        body: JSON.stringify({ submissionId: s.submissionId, formVersion: 1, values: s.values, filledAt: Date.now() }),
      });
      const body = (await response.json()) as { caseId?: string };
      latencies.push(performance.now() - t0);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (body.caseId) caseIds.set(s.submissionId, body.caseId);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: Math.round(submissions.length / seconds), p50: Math.round(percentile(latencies, 50)), p95: Math.round(percentile(latencies, 95)), statuses, caseIds };
}

async function measure(backend: 'pglite' | 'postgres', count: number): Promise<Figures> {
  // The default limit (120 a minute per kiosk and address) holds: 50 kiosks send 2 × count / 50 each.
  const t = await createTestApp(backend);
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const submissions = Array.from({ length: count }, (_, i) => ({
      submissionId: randomUUID(),
      kiosk: `kiosk-bench-${i % KIOSKS}`,
      values: { customerName: `Walk-in ${i + 1}`, email: `walkin${i + 1}@example.com`, policyNumber: `POL-${100000 + i}`, description: 'Registered at the front desk' },
    }));
    const first = await wave(base, submissions);
    const replay = await wave(base, submissions);
    const ids = submissions.map((s) => s.submissionId);
    const made = await t.handle.db
      .selectFrom('cases')
      .innerJoin('frontdesk_submissions', 'frontdesk_submissions.case_id', 'cases.id')
      .select((eb) => eb.fn.count<number>('cases.id').distinct().as('n'))
      .where('frontdesk_submissions.id', 'in', ids)
      .executeTakeFirstOrThrow();
    const sameCaseOnReplay = ids.every((id) => first.caseIds.get(id) !== undefined && first.caseIds.get(id) === replay.caseIds.get(id));
    return { first, replay, cases: Number(made.n), sameCaseOnReplay };
  } finally {
    await t.close();
  }
}

const statusText = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${n}×${status}`)
    .join(', ');

export async function run(): Promise<BenchResult[]> {
  const count = Number(process.env.BENCH_FRONTDESK_SUBMISSIONS ?? 500);
  const backend = (await testBackends()).includes('postgres') ? 'postgres' : 'pglite';
  const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const f = await measure(backend, count);
  return [
    { name: `${count} concurrent kiosk submissions, ${name}: submissions per second`, value: f.first.perSecond, unit: '/s' },
    { name: `  latency p50 / p95 (${statusText(f.first.statuses)})`, value: f.first.p50, unit: `ms / ${f.first.p95} ms` },
    { name: `  replay of all ${count}: per second`, value: f.replay.perSecond, unit: '/s' },
    { name: `  replay latency p50 / p95 (${statusText(f.replay.statuses)})`, value: f.replay.p50, unit: `ms / ${f.replay.p95} ms` },
    { name: `  cases for those submission ids (same case on replay: ${f.sameCaseOnReplay ? 'yes' : 'NO'})`, value: f.cases, unit: `of ${count}`, target: `${count}` },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = (process.argv[2] ?? 'postgres') as 'pglite' | 'postgres';
  const f = await measure(backend, Number(process.argv[3] ?? 500));
  const wave = (w: Wave) => ({ perSecond: w.perSecond, p50: w.p50, p95: w.p95, statuses: w.statuses });
  process.stdout.write(`${backend}: ${JSON.stringify({ first: wave(f.first), replay: wave(f.replay), cases: f.cases, sameCaseOnReplay: f.sameCaseOnReplay })}\n`);
}
