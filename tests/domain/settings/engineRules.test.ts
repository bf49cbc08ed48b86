import { describe, expect, it } from 'vitest';
import {
  ENGINE_APPS_PAGE_SIZE,
  authorisationChanges,
  engineFormState,
  engineInUseMessage,
  keepSelected,
  moveItems,
  pickerLists,
  type EngineForm,
} from '../../../src/domain/settings/engineRules.ts';

const users = [
  { id: 'u-ana', name: 'Ana' },
  { id: 'u-ben', name: 'Ben' },
  { id: 'u-cai', name: 'Cai' },
  { id: 'u-dee', name: 'Dee' },
];
const blank: EngineForm = { name: '', description: '', isActive: true, users: [] };

describe('engine form (part 1 §5: name and description required; submit disabled until valid and changed)', () => {
  it.each([
    ['a new, empty form', blank, blank, { valid: false, changed: false }],
    ['a name only', { ...blank, name: 'Billing' }, blank, { valid: false, changed: true }],
    ['name and description', { ...blank, name: 'Billing', description: 'Invoices' }, blank, { valid: true, changed: true }],
    ['only spaces', { ...blank, name: '  ', description: '  ' }, blank, { valid: false, changed: false }],
    ['an engine as it was', { name: 'Main', description: 'Prod', isActive: true, users: ['u-ana', 'u-ben'] }, { name: 'Main', description: 'Prod', isActive: true, users: ['u-ben', 'u-ana'] }, { valid: true, changed: false }],
    ['trailing spaces added', { name: 'Main ', description: 'Prod', isActive: true, users: [] }, { name: 'Main', description: 'Prod', isActive: true, users: [] }, { valid: true, changed: false }],
    ['deactivated', { name: 'Main', description: 'Prod', isActive: false, users: [] }, { name: 'Main', description: 'Prod', isActive: true, users: [] }, { valid: true, changed: true }],
    ['a user authorised', { name: 'Main', description: 'Prod', isActive: true, users: ['u-ana'] }, { name: 'Main', description: 'Prod', isActive: true, users: [] }, { valid: true, changed: true }],
    ['a name of 101 characters', { ...blank, name: 'x'.repeat(101), description: 'd' }, blank, { valid: false, changed: true }],
  ] as const)('%s', (_label, values, initial, expected) => {
    expect(engineFormState({ ...values, users: [...values.users] }, { ...initial, users: [...initial.users] })).toMatchObject(expected);
  });

  it("says 'Required' under each empty field", () => {
    expect(engineFormState(blank, blank).errors).toEqual({ name: 'Required', description: 'Required' });
    expect(engineFormState({ ...blank, name: 'A' }, blank).errors).toEqual({ description: 'Required' });
  });

  it('shows the apps of an engine five a page (§9)', () => {
    expect(ENGINE_APPS_PAGE_SIZE).toBe(5);
  });
});

describe('assignment picker (part 1 §2)', () => {
  it('splits the users into assigned and available, both in the order of all users', () => {
    const { assigned, available } = pickerLists(users, ['u-cai', 'u-ana', 'u-gone']);
    expect(assigned.map((u) => u.id)).toEqual(['u-ana', 'u-cai']);
    expect(available.map((u) => u.id)).toEqual(['u-ben', 'u-dee']);
  });

  it('moving right adds the selected once each; moving left takes them away; the rest keep their order', () => {
    const right = moveItems(['u-cai'], ['u-dee', 'u-ana', 'u-cai', 'u-dee'], 'assigned');
    expect(right).toEqual(['u-cai', 'u-dee', 'u-ana']);
    expect(moveItems(right, ['u-dee'], 'available')).toEqual(['u-cai', 'u-ana']);
    expect(pickerLists(users, right).assigned.map((u) => u.id)).toEqual(['u-ana', 'u-cai', 'u-dee']);
    expect(moveItems(right, [], 'assigned')).toEqual(right);
  });

  it('a user moved away and back returns to the same place', () => {
    const away = moveItems(['u-ana', 'u-ben', 'u-cai'], ['u-ben'], 'available');
    const back = moveItems(away, ['u-ben'], 'assigned');
    expect(pickerLists(users, back).assigned.map((u) => u.id)).toEqual(['u-ana', 'u-ben', 'u-cai']);
  });

  it('after a move the selection keeps only what is still in its list', () => {
    expect(keepSelected(['u-ana', 'u-ben'], [{ id: 'u-ben' }])).toEqual(['u-ben']);
  });
});

describe('authorisation changes', () => {
  it('links the users wanted that are not linked and tombstones the links of those not wanted', () => {
    let n = 0;
    const changes = authorisationChanges(
      [
        { linkId: 'l-ana', userId: 'u-ana' },
        { linkId: 'l-ben', userId: 'u-ben' },
      ],
      ['u-ben', 'u-cai', 'u-cai'],
      () => `l-new-${(n += 1)}`,
    );
    expect(changes).toEqual({ addUsers: [{ userId: 'u-cai', linkId: 'l-new-1' }], removeLinks: ['l-ana'] });
  });
});

describe('deleting an engine in use', () => {
  it.each([
    [0, 0, null],
    [1, 0, 'This engine is still used by 1 app: move or delete them first'],
    [2, 3, 'This engine is still used by 2 apps and 3 teams: move or delete them first'],
    [0, 1, 'This engine is still used by 1 team: move or delete them first'],
  ])('%i apps and %i teams → %s', (apps, teams, message) => {
    expect(engineInUseMessage(apps, teams)).toBe(message);
  });
});
