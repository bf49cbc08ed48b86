import { describe, expect, it } from 'vitest';
import {
  LOGIN_PASSWORD_MIN_LENGTH,
  canSubmitLogin,
  normaliseLoginInput,
  validateLogin,
  validateLoginPassword,
  validateLoginUsername,
} from '../../src/domain/auth/loginValidation.ts';

describe('login username', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    ['admin', 'Invalid email address format'],
    ['admin@', 'Invalid email address format'],
    ['@demo.local', 'Invalid email address format'],
    ['admin@demo', 'Invalid email address format'],
    ['admin@demo.', 'Invalid email address format'],
    ['ad min@demo.local', 'Invalid email address format'],
    ['admin@@demo.local', 'Invalid email address format'],
    ['admin@demo.local', undefined],
    ['  admin@demo.local  ', undefined],
    ['first.last+tag@mail.example.com', undefined],
  ])('%j gives %j', (username, expected) => {
    expect(validateLoginUsername(username)).toBe(expected);
  });
});

describe('login password', () => {
  it.each([
    ['', 'Password is required'],
    ['      ', 'Password is required'],
    ['a', 'Password must be 6 characters at minimum'],
    ['abcde', 'Password must be 6 characters at minimum'],
    ['  abcde  ', 'Password must be 6 characters at minimum'],
    ['abcdef', undefined],
    ['Admin#2026', undefined],
  ])('%j gives %j', (password, expected) => {
    expect(validateLoginPassword(password)).toBe(expected);
  });

  it('needs exactly the minimum length of the spec', () => {
    expect(LOGIN_PASSWORD_MIN_LENGTH).toBe(6);
    expect(validateLoginPassword('x'.repeat(LOGIN_PASSWORD_MIN_LENGTH - 1))).toBeDefined();
    expect(validateLoginPassword('x'.repeat(LOGIN_PASSWORD_MIN_LENGTH))).toBeUndefined();
  });
});

describe('login form', () => {
  it.each([
    [{ username: '', password: '' }, false],
    [{ username: 'admin@demo.local', password: '' }, false],
    [{ username: '', password: 'Admin#2026' }, false],
    [{ username: '   ', password: 'Admin#2026' }, false],
    [{ username: 'admin@demo.local', password: '  ' }, false],
    [{ username: 'admin', password: 'x' }, true],
    [{ username: 'admin@demo.local', password: 'Admin#2026' }, true],
  ])('submit for %j is enabled: %s', (input, expected) => {
    expect(canSubmitLogin(input)).toBe(expected);
  });

  it.each([
    [{ username: '', password: '' }, { username: 'Email is required', password: 'Password is required' }],
    [{ username: 'admin', password: 'abc' }, {
      username: 'Invalid email address format',
      password: 'Password must be 6 characters at minimum',
    }],
    [{ username: 'admin@demo.local', password: 'abc' }, { password: 'Password must be 6 characters at minimum' }],
    [{ username: 'admin@demo.local', password: 'Admin#2026' }, {}],
  ])('errors for %j are %j', (input, expected) => {
    expect(validateLogin(input)).toEqual(expected);
  });

  it('trims both fields before they are sent', () => {
    expect(normaliseLoginInput({ username: '  admin@demo.local ', password: ' Admin#2026  ' })).toEqual({
      username: 'admin@demo.local',
      password: 'Admin#2026',
    });
  });
});
