import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChaos } from './chaos/chaosRun.ts';
import { ChaosWorld } from './chaos/chaosWorld.ts';

/** CI runs this many seeds; `npm run chaos -- --runs 10000` runs the full figure. */
const RUNS = Number(process.env.CHAOS_RUNS ?? 200);
const FIRST_SEED = Number(process.env.CHAOS_SEED ?? 1);

describe('seeded chaos: disconnects, lost, repeated and reordered replies, server and worker restarts', () => {
  const world = new ChaosWorld();
  beforeAll(async () => {
    await world.start();
  }, 60_000);
  afterAll(async () => {
    await world.stop();
  });

  it('a few seeds on the IndexedDB storage (fake-indexeddb) behave the same', async () => {
    for (let seed = 9001; seed < 9004; seed += 1) {
      const result = await runChaos(world, seed, { storage: 'dexie' });
      expect(result.problems).toEqual([]);
    }
  }, 120_000);

  it(
    `${RUNS} seeded runs end with every replica equal to the server's projection and every mutation applied once`,
    async () => {
      const failures: string[] = [];
      let mutations = 0;
      for (let seed = FIRST_SEED; seed < FIRST_SEED + RUNS; seed += 1) {
        const result = await runChaos(world, seed, { storage: 'memory' });
        mutations += result.mutations;
        const traces = result.problems.filter((p) => p.startsWith('trace of '));
        const shown = result.problems.filter((p) => !p.startsWith('trace of ')).slice(0, 3);
        if (!result.ok) failures.push(`seed ${seed}: ${[...shown, ...traces].join('; ')}`);
      }
      process.stdout.write(`chaos: ${RUNS} runs, ${mutations} mutations, ${failures.length} failures\n`);
      expect(failures).toEqual([]);
    },
    30 * 60_000,
  );
});
