/**
 * `npm run chaos -- --runs 10000 [--seed 1] [--storage memory|dexie]`: the seeded chaos test of the sync engine
 * at full length. Prints progress, then the runs, the failures and the first failing seed (re-run one seed with
 * `--runs 1 --seed N`). Exits 1 when any run failed.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runChaos } from '../tests/sync/chaos/chaosRun.ts';
import { ChaosWorld } from '../tests/sync/chaos/chaosWorld.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' }, storage: { type: 'string', default: 'memory' } },
});
const runs = Number(values.runs);
const firstSeed = Number(values.seed);
const storage = values.storage === 'dexie' ? 'dexie' : 'memory';

const world = new ChaosWorld();
await world.start();
const started = performance.now();
let failures = 0;
let firstFailing: number | null = null;
let mutations = 0;
for (let seed = firstSeed; seed < firstSeed + runs; seed += 1) {
  const result = await runChaos(world, seed, { storage });
  mutations += result.mutations;
  if (!result.ok) {
    failures += 1;
    firstFailing ??= seed;
    process.stdout.write(`seed ${seed} failed: ${result.problems.join('; ').slice(0, 2000)}\n`);
  }
  const done = seed - firstSeed + 1;
  if (done % 100 === 0) process.stdout.write(`${done}/${runs} runs, ${failures} failures, ${Math.round((performance.now() - started) / 1000)} s\n`);
}
await world.stop();
process.stdout.write(
  `\nchaos (${storage} storage): runs ${runs}, mutations ${mutations}, failures ${failures}, first failing seed ${firstFailing ?? 'none'}, ${Math.round((performance.now() - started) / 1000)} s\n`,
);
process.exit(failures > 0 ? 1 : 0);
