import { describe, expect, it } from 'vitest';
import {
  createUserArgs,
  engineChanges,
  nameMatches,
  selfChangeRefusal,
  statusLook,
  updateUserArgs,
  USER_APPS_PAGE_SIZE,
  USER_ENGINES_PAGE_SIZE,
  userFieldErrors,
} from '../../../src/domain/settings/userRules.ts';

const valid = {
  name: 'Rosa Díaz',
  username: 'rosa.diaz@demo.local',
  email: 'rosa.diaz@demo.local',
  phone: '+52 55 1234 5678',
  role: 'NORMAL',
  enabledModules: ['HUMAN INTERFACE', 'CASES'],
  language: 'es',
  systemVisibility: false,
  status: 0,
};

describe('the user form’s rules (part 1 §5)', () => {
  it('a complete form has no errors', () => {
    expect(userFieldErrors(valid)).toEqual({});
  });

  it.each([
    ['name', { name: '  ' }, 'This field is required'],
    ['username', { username: '' }, 'This field is required.'],
    ['username', { username: 'rosa diaz' }, 'The username cannot contain spaces'],
    ['username', { username: 'rosa' }, 'Invalid email address format'],
    ['phone', { phone: '' }, 'This field is required'],
    ['phone', { phone: 'call me' }, 'Enter a phone number: digits, spaces and + - ( ) only'],
    ['email', { email: 'rosa@' }, 'Please input a well formatted email'],
    ['email', { email: '' }, 'This field is required'],
    ['enabledModules', { enabledModules: [] }, 'This field is required'],
  ] as const)('%s: %j says “%s”', (field, change, message) => {
    expect(userFieldErrors({ ...valid, ...change })[field]).toBe(message);
  });

  it('modules are module keys, each once', () => {
    expect(createUserArgs.parse({ ...valid, userId: 'usr-12345678', memberId: 'mbr-1', enabledModules: ['CASES', 'CASES'] }).enabledModules).toEqual(['CASES']);
    expect(createUserArgs.safeParse({ ...valid, userId: 'usr-12345678', memberId: 'mbr-1', enabledModules: ['ROOT'] }).success).toBe(false);
  });

  it('the update carries no e-mail: one sent along is dropped, never applied', () => {
    const parsed = updateUserArgs.parse({ userId: 'usr-1', email: 'other@demo.local', name: 'Rosa' });
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).toMatchObject({ userId: 'usr-1', name: 'Rosa', linkIds: [] });
  });

  it('an engine listed twice is refused', () => {
    const engines = [
      { engineId: 'eng-a', linkId: 'eu-1' },
      { engineId: 'eng-a', linkId: 'eu-2' },
    ];
    expect(updateUserArgs.safeParse({ userId: 'usr-1', engines }).success).toBe(false);
  });
});

describe('accounts rules', () => {
  it('an administrator may not delete, deactivate or demote their own account; others they may', () => {
    expect(selfChangeRefusal('u1', 'u1', { deleting: true })).toBe('You cannot delete your own account');
    expect(selfChangeRefusal('u1', 'u1', { status: 1 })).toBe('You cannot deactivate your own account');
    expect(selfChangeRefusal('u1', 'u1', { status: 2 })).toBe('You cannot deactivate your own account');
    expect(selfChangeRefusal('u1', 'u1', { role: 'NORMAL' })).toBe('You cannot take away your own administrator role');
    expect(selfChangeRefusal('u1', 'u1', { status: 0, role: 'OPS-ADMIN' })).toBeNull();
    expect(selfChangeRefusal('u1', 'u2', { deleting: true, status: 1, role: 'NORMAL' })).toBeNull();
  });

  it.each([
    [0, 'active', 'green'],
    [1, 'inactive', 'yellow'],
    [2, 'expired', 'red'],
  ] as const)('status %i shows as %s in %s (part 1 §2, §4)', (status, key, tone) => {
    expect(statusLook(status)).toEqual({ key, tone });
  });

  it('the user search is a name-contains check, case and accents aside', () => {
    expect(nameMatches('Rosa Díaz', 'diaz')).toBe(true);
    expect(nameMatches('Rosa Díaz', ' ROSA ')).toBe(true);
    expect(nameMatches('Rosa Díaz', 'nico')).toBe(false);
  });

  it('engine changes: links to add and links to take away', () => {
    const current = [
      { linkId: 'eu-1', engineId: 'eng-a' },
      { linkId: 'eu-2', engineId: 'eng-b' },
    ];
    expect(engineChanges(current, [{ engineId: 'eng-b', linkId: 'x' }, { engineId: 'eng-c', linkId: 'eu-3' }])).toEqual({ add: [{ engineId: 'eng-c', linkId: 'eu-3' }], remove: ['eu-1'] });
  });

  it('the Apps and Engines tables page at 7 and 8 rows (part 1 §9)', () => {
    expect([USER_APPS_PAGE_SIZE, USER_ENGINES_PAGE_SIZE]).toEqual([7, 8]);
  });
});
