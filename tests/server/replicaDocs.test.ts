import fs from 'node:fs/promises';
import { expect, it } from 'vitest';
import { GENERATED_PATH, renderReplicaDocs } from '../../scripts/generate-replica-docs.ts';

it('the replica document schemas are generated from the current database schema', async () => {
  const committed = await fs.readFile(GENERATED_PATH, 'utf8');
  // If this fails: run `node --import tsx scripts/generate-replica-docs.ts` and commit the result.
  expect(committed).toBe(await renderReplicaDocs());
});
