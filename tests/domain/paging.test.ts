import { describe, expect, it } from 'vitest';
import { clampPage, needsPaginator, pageCount, pageRows } from '../../src/domain/ui/paging.ts';
import { ageLabel } from '../../src/domain/ui/ageLabel.ts';

describe('table paging (10 rows, paginator only above 10)', () => {
  it.each([
    [0, false, 1],
    [10, false, 1],
    [11, true, 2],
    [25, true, 3],
  ])('%i rows: paginator %s, %i pages', (rows, paginator, pages) => {
    expect(needsPaginator(rows)).toBe(paginator);
    expect(pageCount(rows)).toBe(pages);
  });

  it('slices the requested page and clamps a page past the end', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageRows(rows, 1)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(pageRows(rows, 9)).toEqual([20, 21, 22]);
    expect(clampPage(-3, 23)).toBe(0);
  });
});

describe('age badge (part 2 §2)', () => {
  const now = 1_000_000_000;
  it.each([
    [now, 'now'],
    [now - 45_000, '45s'],
    [now - 5 * 60_000, '5m'],
    [now - 3 * 3_600_000, '3h'],
    [now - 2 * 86_400_000, '2d'],
  ])('created at %i shows %s', (createdAt, label) => {
    expect(ageLabel(createdAt, now)).toBe(label);
  });
});
