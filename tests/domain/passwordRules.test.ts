import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  validateConfirmation,
  validateNewPassword,
  validateRecoveryEmail,
} from '../../src/domain/auth/passwordRules.ts';

describe('recovery e-mail (part 1 §5)', () => {
  it.each([
    ['', 'validation.emailRequired'],
    ['  ', 'validation.emailRequired'],
    ['agent', 'validation.emailInvalid'],
    ['agent@demo', 'validation.emailInvalid'],
    ['agent@demo.local', undefined],
    [' agent@demo.local ', undefined],
  ])('%j gives %j', (email, expected) => {
    expect(validateRecoveryEmail(email)).toBe(expected);
  });
});

describe('new password strength', () => {
  it.each([
    ['Abcdefg1', true],
    ['Abcdef1', false],
    ['abcdefg1', false],
    ['ABCDEFG1', false],
    ['Abcdefgh', false],
    ['Agent#2026', true],
  ])('%j is strong: %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it.each([
    ['', 'validation.newPasswordRequired'],
    ['weak', 'validation.passwordTooWeak'],
    ['Stronger1', undefined],
  ])('new password %j gives %j', (password, expected) => {
    expect(validateNewPassword(password)).toBe(expected);
  });

  it.each([
    ['Stronger1', '', 'validation.confirmationRequired'],
    ['Stronger1', 'Stronger2', 'validation.passwordsMustMatch'],
    ['Stronger1', 'Stronger1', undefined],
  ])('confirmation of %j with %j gives %j', (password, confirmation, expected) => {
    expect(validateConfirmation(password, confirmation)).toBe(expected);
  });
});
