import { describe, expect, it } from 'vitest';
import { validateInboxSearch, withFilters, withPage, withTab } from '../../../src/features/tickets/inboxSearch.ts';

describe("the inbox's place in its URL", () => {
  it('leaves defaults out, so /tickets is the Personal tab on page 1 with no filter', () => {
    expect(validateInboxSearch({})).toEqual({});
    expect(validateInboxSearch({ tab: 'personal', q: '  ', teams: [], page: { all: 1 } })).toEqual({});
  });

  it('keeps a tab, a search, teams, badges and the pages of each list', () => {
    expect(
      validateInboxSearch({ tab: 'manager', q: 'case-demo', teams: ['b', 'a', 'b'], operator: 'm1', caseType: 'CLAIM', page: { 'team-x': 2, all: 1 } }),
    ).toEqual({ tab: 'manager', q: 'case-demo', teams: ['a', 'b'], operator: 'm1', caseType: 'CLAIM', page: { 'team-x': 2 } });
  });

  it('takes a numeric search as text (the router parses 186 as a number)', () => {
    expect(validateInboxSearch({ q: 186 })).toEqual({ q: '186' });
  });

  it.each([
    [{ tab: 'admin' }],
    [{ page: { all: -2 } }],
    [{ page: 'two' }],
    [{ teams: 'team-a' }],
    [{ q: { $gt: '' } }],
  ])('drops what a hand-edited link gets wrong: %j', (raw) => {
    expect(validateInboxSearch(raw)).toEqual({});
  });

  it('a new filter or tab starts the lists again at page 1; a page keeps the filters', () => {
    const view = validateInboxSearch({ tab: 'manager', q: 'case', page: { 'team-x': 3 } });
    expect(withFilters(view, { q: 'case-demo-01' })).toEqual({ tab: 'manager', q: 'case-demo-01' });
    expect(withFilters(view, { q: undefined })).toEqual({ tab: 'manager' });
    expect(withTab(view, 'external')).toEqual({ tab: 'external', q: 'case' });
    expect(withPage(view, 'team-y', 1)).toEqual({ tab: 'manager', q: 'case', page: { 'team-x': 3, 'team-y': 2 } });
    expect(withPage(view, 'team-x', 0)).toEqual({ tab: 'manager', q: 'case' });
  });
});
