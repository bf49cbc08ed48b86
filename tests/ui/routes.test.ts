import { describe, expect, it } from 'vitest';
import { COUNTER_QUERIES, PRIVATE_ROUTES, menuEntries } from '../../src/app/routes.ts';
import { enabledModuleSet, menuShows, routeAccess } from '../../src/domain/access/modules.ts';

const byPath = (path: string) => {
  const route = PRIVATE_ROUTES.find((entry) => entry.path === path);
  if (route === undefined) throw new Error(`no route ${path}`);
  return route;
};

describe('route table (part 1 §2 and part 2 §2)', () => {
  it('holds every private route of both parts once', () => {
    const paths = PRIVATE_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/dashboard/$caseTypeId',
        '/dashboard/$caseTypeId/activity',
        '/cases',
        '/cases/$caseId',
        '/tickets',
        '/tickets/$ticketId',
        '/frontdesk',
        '/batches',
        '/batches/$batchId',
        '/apps',
        '/apps/edit',
        '/apps/history',
        '/instances/$instanceId',
        '/flows',
        '/flows/flow',
        '/collections',
        '/builder',
        '/builder/$templateId/create',
        '/builder/$templateId/integrate',
        '/builder/$templateId/share',
        '/WA',
        '/admin-info',
      ]),
    );
  });

  it.each([
    ['/apps', '/401'],
    ['/apps/edit', '/401'],
    ['/collections', '/401'],
    ['/tickets', '/404'],
    ['/tickets/$ticketId', '/404'],
    ['/builder', '/401'],
    ['/builder/$templateId/share', '/401'],
    ['/cases', '/401'],
    ['/cases/$caseId', '/401'],
  ])('%s without its module redirects to %s', (path, target) => {
    const route = byPath(path);
    expect(routeAccess(route.module, route.gated, enabledModuleSet([]))).toEqual({ allowed: false, redirectTo: target });
  });

  it.each(['/dashboard', '/frontdesk', '/batches', '/flows', '/WA', '/admin-info'])('%s has no gate of its own', (path) => {
    const route = byPath(path);
    expect(routeAccess(route.module, route.gated, enabledModuleSet([])).allowed).toBe(true);
  });

  it('the footer holds only the user-info (settings) and chat-link (WA) entries', () => {
    expect(menuEntries('footer').map((route) => route.path)).toEqual(['/WA', '/admin-info']);
  });

  it('counters sit on Inbox, Edit App, Flow List and Batches', () => {
    const counters = PRIVATE_ROUTES.filter((route) => route.counter !== null).map((route) => [route.nameKey, route.counter]);
    expect(counters).toEqual([
      ['menu.inbox', 'openTickets'],
      ['menu.batches', 'batches'],
      ['menu.apps', 'apps'],
      ['menu.flows', 'workflows'],
    ]);
    expect(COUNTER_QUERIES.openTickets).toEqual({ collection: 'tickets', selector: { state: 'open' } });
  });

  it('the demo agent’s menu is Dashboard, Inbox, Batches, WA and Settings', () => {
    const enabled = enabledModuleSet([{ id: 'DASHBOARD' }, { id: 'HUMAN INTERFACE' }, { id: 'BATCHES' }, { id: 'WA' }]);
    const shown = [...menuEntries('body'), ...menuEntries('footer')].filter((route) => menuShows(route.module, enabled));
    expect(shown.map((route) => route.path)).toEqual(['/dashboard', '/tickets', '/batches', '/WA', '/admin-info']);
  });

  it('only the Inbox entry clears the selected case, and every detail screen has a way back', () => {
    expect(PRIVATE_ROUTES.filter((route) => route.clearsSelectedCase === true).map((route) => route.path)).toEqual(['/tickets']);
    for (const route of PRIVATE_ROUTES.filter((entry) => entry.path.includes('$'))) expect(route.backTo).not.toBeNull();
  });
});
