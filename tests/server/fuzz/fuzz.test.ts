import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/testApp.ts';
import { runFuzz } from './fuzzRun.ts';

const backends = await testBackends();
/** A seeded sample in the suite; `npm run fuzz -- --requests 20000` runs the long one. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe.each(backends)('hostile input on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`${REQUESTS} fuzzed requests over every route and mutation: no 5xx, every mutation answered, no write by a refused request`, async () => {
    const stats = await runFuzz(t, { requests: REQUESTS, seed: SEED });
    expect(stats.findings.slice(0, 5)).toEqual([]);
    expect(stats.requests).toBe(REQUESTS);
    expect(stats.routes).toBeGreaterThanOrEqual(50);
    expect(stats.mutationNames).toBe(MUTATIONS.size);
    expect(stats.byStatus['4xx'] ?? 0).toBeGreaterThan(REQUESTS / 4);
  }, 600_000);
});
