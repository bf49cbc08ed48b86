import { describe, expect, it } from 'vitest';
import { byMostRed, foldHumans, HUMANS_FOLDED } from '../../../src/domain/dashboard/humansOrder.ts';

const human = (name: string, red: number, total: number) => ({
  name,
  stats: { summary: { totalTickets: total, lightIndicators: { green: total - red, yellow: 0, red }, performanceScore: null, scoreCategory: 'neutral' as const } },
});

describe('the Humans status card order', () => {
  it('puts the human with most tickets running late first, then most tickets, then by name', () => {
    const sorted = byMostRed([human('Bea', 1, 9), human('Al', 3, 3), human('Cy', 1, 9), human('Di', 1, 12), human('Ed', 0, 0)]);
    expect(sorted.map((h) => h.name)).toEqual(['Al', 'Di', 'Bea', 'Cy', 'Ed']);
  });
  it('leaves the list it was given untouched', () => {
    const list = [human('B', 0, 1), human('A', 2, 2)];
    byMostRed(list);
    expect(list.map((h) => h.name)).toEqual(['B', 'A']);
  });
});

describe('the Humans status card fold', () => {
  const many = Array.from({ length: 20 }, (_, i) => i);
  it.each([
    [HUMANS_FOLDED, false, HUMANS_FOLDED, false],
    [HUMANS_FOLDED + 1, false, HUMANS_FOLDED, true],
    [HUMANS_FOLDED + 1, true, HUMANS_FOLDED + 1, true],
    [20, false, HUMANS_FOLDED, true],
    [20, true, 20, true],
    [0, false, 0, false],
  ])('of %i humans (expanded %s) shows %i, with a toggle: %s', (count, expanded, shown, foldable) => {
    const result = foldHumans(many.slice(0, count), expanded);
    expect(result.shown).toHaveLength(shown);
    expect(result.foldable).toBe(foldable);
  });
  it('folds after 8, as the card promises', () => expect(HUMANS_FOLDED).toBe(8));
});
