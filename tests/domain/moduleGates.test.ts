import { describe, expect, it } from 'vitest';
import { enabledModuleSet, menuShows, routeAccess } from '../../src/domain/access/modules.ts';
import type { ModuleKey } from '../../src/domain/access/modules.ts';

const AGENT = enabledModuleSet([{ id: 'DASHBOARD' }, { id: 'HUMAN INTERFACE' }, { id: 'BATCHES' }, { id: 'WA' }]);
const NOTHING = enabledModuleSet([]);

describe('route gates (part 1 §6, part 2 §6)', () => {
  it.each<[ModuleKey, string]>([
    ['APPS', '/401'],
    ['COLLECTIONS', '/401'],
    ['HUMAN INTERFACE', '/404'],
    ['BUILDER', '/401'],
    ['CASES', '/401'],
  ])('a missing %s sends the user to %s', (module, target) => {
    expect(routeAccess(module, true, NOTHING)).toEqual({ allowed: false, redirectTo: target });
  });

  it('an enabled module opens its gated route', () => {
    expect(routeAccess('HUMAN INTERFACE', true, AGENT)).toEqual({ allowed: true });
  });

  it('routes without a gate or module are open to any signed-in user', () => {
    expect(routeAccess('FRONTDESK', false, NOTHING)).toEqual({ allowed: true });
    expect(routeAccess(null, true, NOTHING)).toEqual({ allowed: true });
  });
});

describe('menu filter', () => {
  it.each<[ModuleKey | null, boolean]>([
    ['DASHBOARD', true],
    ['HUMAN INTERFACE', true],
    ['CASES', false],
    ['APPS', false],
    ['WA', true],
    [null, true],
  ])('for the demo agent %s shows: %s', (module, shown) => {
    expect(menuShows(module, AGENT)).toBe(shown);
  });

  it('WA shows even when the account enables nothing', () => {
    expect(menuShows('WA', NOTHING)).toBe(true);
  });
});

describe('enabledModules parsing', () => {
  it('accepts {id} entries, plain strings and HUMANINTERFACE, and ignores unknown keys', () => {
    const set = enabledModuleSet([{ id: 'apps' }, 'CASES', { id: 'HUMANINTERFACE' }, { id: 'NOPE' }, 42, null]);
    expect([...set].sort()).toEqual(['APPS', 'CASES', 'HUMAN INTERFACE']);
  });

  it('anything that is not a list enables nothing', () => {
    expect(enabledModuleSet('APPS').size).toBe(0);
  });
});
