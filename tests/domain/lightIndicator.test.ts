import { describe, expect, it } from 'vitest';
import { effectiveThresholds, elapsedShare, lightIndicator } from '../../src/domain/tickets/lightIndicator.ts';

const HOUR = 3_600_000;
const ticket = { createdAtMs: 0, dueAtMs: 100 * HOUR };

describe('team thresholds fall back as part 1 §5 says', () => {
  it.each([
    [{}, { yellow: 50, red: 75 }],
    [{ yellow: 40, red: 70 }, { yellow: 40, red: 70 }],
    [{ yellow: 0, red: 0 }, { yellow: 0, red: 0 }],
    [{ yellow: 100, red: 75 }, { yellow: 100, red: 75 }],
    [{ yellow: 101, red: 76 }, { yellow: 50, red: 75 }],
    [{ yellow: -1, red: -1 }, { yellow: 50, red: 75 }],
    [{ yellow: null, red: null }, { yellow: 50, red: 75 }],
    [{ yellow: Number.NaN, red: Number.POSITIVE_INFINITY }, { yellow: 50, red: 75 }],
  ])('%o → %o', (team, expected) => {
    expect(effectiveThresholds(team)).toEqual(expected);
  });
});

describe('the light indicator follows the elapsed share of the SLA', () => {
  it.each([
    [0, undefined, 'green'],
    [49.9, undefined, 'green'],
    [50, undefined, 'yellow'],
    [74.9, undefined, 'yellow'],
    [75, undefined, 'red'],
    [150, undefined, 'red'],
    [39, { yellow: 40, red: 70 }, 'green'],
    [40, { yellow: 40, red: 70 }, 'yellow'],
    [70, { yellow: 40, red: 70 }, 'red'],
  ] as const)('%f%% elapsed with %o is %s', (percent, team, expected) => {
    expect(lightIndicator(ticket, team, percent * HOUR)).toBe(expected);
  });

  it('a ticket without a due date is green', () => {
    expect(lightIndicator({ createdAtMs: 0, dueAtMs: null }, undefined, 10 * HOUR)).toBe('green');
  });

  it('an empty SLA window is red once due and green before', () => {
    expect(elapsedShare(5, 5, 5)).toBe(100);
    expect(elapsedShare(5, 5, 4)).toBe(0);
  });
});
