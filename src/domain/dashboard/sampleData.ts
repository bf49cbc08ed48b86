/**
 * Part 1 §2: "When there are no types it shows demo data; a zero count shows a random 10 to 59." Issue 16 narrows
 * it: sample figures appear only on an empty workspace (not one live case), are labelled "Sample data" on
 * screen, and are never mixed with real figures — a workspace with one real case shows real figures only.
 */
import { createRandom } from '../random.ts';

export type Slice = { id: string; name: string; count: number };

export const SAMPLE_MIN = 10;
export const SAMPLE_MAX = 59;
/** How many demo types the treemap shows when the workspace has none (its eight colours, part 1 §9). */
export const SAMPLE_TYPE_COUNT = 8;

/** A count from 10 to 59 inclusive. */
export const sampleCount = (random: () => number): number => SAMPLE_MIN + Math.floor(random() * (SAMPLE_MAX - SAMPLE_MIN + 1));

/**
 * The slices the treemap shows (open cases per type): the real ones, or — on an empty workspace only — a sample: the workspace's own
 * types with a random 10–59 each, or, without types, `SAMPLE_TYPE_COUNT` demo types named by `demoName(n)`.
 */
export function distributionOrSample(types: readonly Slice[], hasCases: boolean, demoName: (n: number) => string, seed = 16): { slices: Slice[]; sample: boolean } {
  if (hasCases) return { slices: [...types], sample: false };
  const random = createRandom(seed).next;
  const base = types.length > 0 ? types : Array.from({ length: SAMPLE_TYPE_COUNT }, (_, i) => ({ id: `sample-${i + 1}`, name: demoName(i + 1), count: 0 }));
  return { slices: base.map((t) => ({ ...t, count: sampleCount(random) })), sample: true };
}
