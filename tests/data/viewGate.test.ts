import { describe, expect, it } from 'vitest';
import { viewGate } from '../../src/data/viewState.ts';

describe("the order in which a view's answers render", () => {
  it('renders the first answer at once, then one transition at a time with only the newest answer waiting', () => {
    const gate = viewGate<string>(true);
    expect(gate.offer('first', false)).toBe('at-once');
    expect(gate.committed()).toBeNull();
    expect(gate.offer('page 1', false)).toBe('transition');
    expect(gate.offer('page 2', false)).toBe('waits');
    expect(gate.offer('page 3', false)).toBe('waits');
    // The transition committed: page 3 renders next, page 2 never.
    expect(gate.committed()).toEqual({ value: 'page 3' });
    expect(gate.offer('page 3', false)).toBe('transition');
    expect(gate.committed()).toBeNull();
    expect(gate.offer('page 4', false)).toBe('transition');
  });

  it('renders an urgent answer at once, in place of the one that waited', () => {
    const gate = viewGate<string>(true);
    gate.offer('first', false);
    expect(gate.offer('page 1', false)).toBe('transition');
    expect(gate.offer('page 2', false)).toBe('waits');
    expect(gate.offer('claimed', true)).toBe('at-once');
    expect(gate.committed()).toBeNull();
  });

  it('lets the first answer wait its turn too when the screen shows it is loading', () => {
    const gate = viewGate<string>(false);
    expect(gate.offer('first', false)).toBe('transition');
    expect(gate.offer('second', false)).toBe('waits');
    expect(gate.committed()).toEqual({ value: 'second' });
  });
});
