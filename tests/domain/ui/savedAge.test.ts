import { describe, expect, it } from 'vitest';
import { savedAgeLabel } from '../../../src/domain/ui/savedAge.ts';

describe("the modeler's 'Saved · … ago'", () => {
  it.each([
    [0, null],
    [999, null],
    [12_000, '12 s'],
    [59_999, '59 s'],
    [60_000, '1 min'],
    [3_600_000, '1 h'],
    [86_400_000 * 3, '3 d'],
  ])('%i ms after the save reads %j', (elapsed, label) => expect(savedAgeLabel(1_000_000, 1_000_000 + elapsed)).toBe(label));
});
