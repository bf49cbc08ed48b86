import { describe, expect, it } from 'vitest';
import {
  activeAfterMovement,
  addPage,
  dropPage,
  idAfterMove,
  movementValue,
  movePage,
  pagesOf,
  removePage,
  renamePage,
  samePages,
  versionAfterSave,
  withPages,
} from '../../../src/domain/templates/templatePages.ts';

const three = pagesOf({ pages: [{ name: 'Welcome' }, { name: 'Details' }, { name: 'Review' }] });
const names = (pages: { name: string }[]) => pages.map((p) => p.name);

describe('human-interface template pages (part 2 §2, §3 Page)', () => {
  it('reads the pages of a configuration in order, numbered 1..n, first Start and last End', () => {
    expect(three).toEqual([
      { id: 1, name: 'Welcome', isStart: true, isEnd: false },
      { id: 2, name: 'Details', isStart: false, isEnd: false },
      { id: 3, name: 'Review', isStart: false, isEnd: true },
    ]);
  });

  it('renumbers pages stored with other ids and skips entries without a name', () => {
    const pages = pagesOf({ pages: [{ id: 9, name: 'B', isStart: false, isEnd: true }, 'x', { id: 4 }, { id: 2, name: 'A' }] });
    expect(pages).toEqual([
      { id: 1, name: 'B', isStart: true, isEnd: false },
      { id: 2, name: 'A', isStart: false, isEnd: true },
    ]);
  });

  it.each([[null], [{}], [{ pages: 'no' }], [[1, 2]]])('has no pages when the configuration holds none (%j)', (config) => {
    expect(pagesOf(config)).toEqual([]);
  });

  it('a single page is both Start and End', () => {
    expect(addPage([], 'Only')).toEqual([{ id: 1, name: 'Only', isStart: true, isEnd: true }]);
  });

  it('reordering renumbers the ids 1..n and moves the Start and End badges with the order', () => {
    const moved = movePage(three, 2, 0);
    expect(names(moved)).toEqual(['Review', 'Welcome', 'Details']);
    expect(moved.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(moved[0]).toMatchObject({ name: 'Review', isStart: true, isEnd: false });
    expect(moved[2]).toMatchObject({ name: 'Details', isStart: false, isEnd: true });
  });

  it('a drop on another page puts the dragged page in its place', () => {
    expect(names(dropPage(three, 1, 3))).toEqual(['Details', 'Review', 'Welcome']);
  });

  it('a drop outside any target restores the original order', () => {
    expect(dropPage(three, 1, null)).toEqual(three);
  });

  it('a move to the same place or outside the list keeps the order', () => {
    expect(movePage(three, 1, 1)).toEqual(three);
    expect(movePage(three, 0, 7)).toEqual(three);
  });

  it('the page that was active keeps being active under its new id after a reorder', () => {
    const moved = movePage(three, 0, 2);
    expect(idAfterMove(three, moved, 1)).toBe(3);
    expect(idAfterMove(three, moved, 3)).toBe(2);
    expect(idAfterMove(three, moved, null)).toBeNull();
  });

  it('adds a page at the end (it becomes the End), renames and removes with renumbering', () => {
    const added = addPage(three, '  Thanks ');
    expect(added[3]).toEqual({ id: 4, name: 'Thanks', isStart: false, isEnd: true });
    expect(added[2]?.isEnd).toBe(false);
    expect(renamePage(three, 2, 'Data')[1]?.name).toBe('Data');
    expect(removePage(three, 1)).toEqual([
      { id: 1, name: 'Details', isStart: true, isEnd: false },
      { id: 2, name: 'Review', isStart: false, isEnd: true },
    ]);
  });

  it('writes the pages into the configuration and keeps its other keys', () => {
    const config = withPages({ general: { a: 1 }, pages: [] }, movePage(three, 0, 1));
    expect(config.general).toEqual({ a: 1 });
    expect(pagesOf(config).map((p) => p.name)).toEqual(['Details', 'Welcome', 'Review']);
  });

  it('compares page lists by names and order', () => {
    expect(samePages(three, pagesOf(withPages({}, three)))).toBe(true);
    expect(samePages(three, movePage(three, 0, 1))).toBe(false);
  });
});

describe('the preview frame movement (part 2 §4)', () => {
  it.each([
    [{ action: 'movement', value: 2 }, 2],
    [{ action: 'movement', value: -1 }, -1],
    [{ action: 'movement', value: '2' }, null],
    [{ action: 'other', value: 2 }, null],
    ['movement', null],
  ])('reads %j as movement %s', (data, expected) => {
    expect(movementValue(data)).toBe(expected);
  });

  it('a movement to a page makes it active; -1 resets to the first page; an unknown page keeps the current one', () => {
    expect(activeAfterMovement(three, 1, 3)).toBe(3);
    expect(activeAfterMovement(three, 3, -1)).toBe(1);
    expect(activeAfterMovement(three, 2, 8)).toBe(2);
    expect(activeAfterMovement([], null, 1)).toBeNull();
  });
});

describe('template versions (issue 19 item 2)', () => {
  const current = { version: 3, template: '<p>a</p>', config: { general: {}, pages: [{ name: 'A' }, { name: 'B' }] } };
  it.each([
    ['the text changes', { template: '<p>b</p>', config: current.config }, 4],
    ['the pages are reordered', { template: '<p>a</p>', config: { general: {}, pages: [{ name: 'B' }, { name: 'A' }] } }, 4],
    ['a page is added', { template: '<p>a</p>', config: { pages: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] } }, 4],
    ['only other configuration changes', { template: '<p>a</p>', config: { general: { x: 1 }, pages: [{ name: 'A' }, { name: 'B' }] } }, 3],
  ])('a save where %s makes version %i', (_what, next, expected) => {
    expect(versionAfterSave(current, next)).toBe(expected);
  });
});
