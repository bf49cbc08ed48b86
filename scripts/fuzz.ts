/**
 * `npm run fuzz -- --requests 20000 [--seed N] [--backend pglite|postgres|both]`: hostile input over every route
 * and every mutation name (tests/server/fuzz), on PGlite and on PostgreSQL when it is reachable. Prints the
 * figures and each finding; exits 1 when anything was found (a 5xx, a mutation without an outcome, a write by a
 * refused request).
 */
import { parseArgs } from 'node:util';
import { reachablePostgresUrl } from '../tests/server/helpers/databases.ts';
import { createTestApp } from '../tests/server/helpers/testApp.ts';
import { runFuzz } from '../tests/server/fuzz/fuzzRun.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' }, backend: { type: 'string', default: 'both' } },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
const backends = values.backend === 'both' ? ['pglite', ...((await reachablePostgresUrl()) ? ['postgres'] : [])] : [values.backend];

let found = 0;
for (const backend of backends as Array<'pglite' | 'postgres'>) {
  const t = await createTestApp(backend);
  const stats = await runFuzz(t, {
    requests,
    seed,
    onProgress: (done, s) => {
      if (done % 1000 === 0) process.stdout.write(`${backend}: ${done}/${requests} requests, ${s.findings.length} findings\n`);
    },
  });
  await t.close();
  found += stats.findings.length;
  const kinds = stats.findings.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.kind]: (acc[f.kind] ?? 0) + 1 }), {});
  process.stdout.write(
    `\nfuzz on ${backend} (seed ${seed}): ${stats.requests} requests over ${stats.routes} routes in ${stats.seconds} s; ` +
      `answers ${JSON.stringify(stats.byStatus)}; mutations sent ${stats.mutationsSent} (all ${stats.mutationNames} names of the registry), outcomes ${stats.outcomes}; ` +
      `findings ${stats.findings.length} ${JSON.stringify(kinds)}\n`,
  );
  for (const f of stats.findings.slice(0, 20)) process.stdout.write(`  ${f.kind}: ${f.detail}\n    ${f.request}\n`);
}
process.exit(found > 0 ? 1 : 0);
