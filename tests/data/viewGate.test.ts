import { describe, expect, it } from 'vitest';
import { viewGate } from '../../src/data/viewState.ts';

describe("the order in which a view's answers render", () => {
  it('renders a large answer as a transition, the first one too, with one in flight and only the newest waiting', () => {
    const gate = viewGate<string>();
    expect(gate.offer('first', false)).toBe('transition');
    expect(gate.offer('page 1', false)).toBe('waits');
    expect(gate.committed()).toEqual({ value: 'page 1' });
    expect(gate.offer('page 1', false)).toBe('transition');
    expect(gate.offer('page 2', false)).toBe('waits');
    expect(gate.offer('page 3', false)).toBe('waits');
    // The transition committed: page 3 renders next, page 2 never.
    expect(gate.committed()).toEqual({ value: 'page 3' });
    expect(gate.offer('page 3', false)).toBe('transition');
    expect(gate.committed()).toBeNull();
    expect(gate.offer('page 4', false)).toBe('transition');
  });

  it('renders an urgent answer at once, the first one too, in place of the one that waited', () => {
    const gate = viewGate<string>();
    expect(gate.offer('first', true)).toBe('at-once');
    expect(gate.committed()).toBeNull();
    expect(gate.offer('page 1', false)).toBe('transition');
    expect(gate.offer('page 2', false)).toBe('waits');
    expect(gate.offer('claimed', true)).toBe('at-once');
    expect(gate.committed()).toBeNull();
  });
});
