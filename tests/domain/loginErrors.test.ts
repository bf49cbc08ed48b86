import { describe, expect, it } from 'vitest';
import { loginFailureFor } from '../../src/domain/auth/loginErrors.ts';

describe('sign-in failure messages', () => {
  it.each([
    [400, undefined, 'invalid-credentials', 'Username or password incorrect. Please try again', 'error'],
    [403, undefined, 'invalid-credentials', 'Username or password incorrect. Please try again', 'error'],
    [401, undefined, 'unauthorized', 'Unauthorized', 'error'],
    [404, undefined, 'not-found', 'Case not found, please refresh', 'error'],
    [408, undefined, 'unavailable', 'The system is not available.', 'warning'],
    [500, undefined, 'unavailable', 'The system is not available.', 'warning'],
    [502, undefined, 'unavailable', 'The system is not available.', 'error'],
    [429, undefined, 'unavailable', 'The system is not available.', 'error'],
    [undefined, undefined, 'network-failure', 'The system is not available.', 'info'],
  ] as const)('status %s gives %s', (status, body, code, message, severity) => {
    expect(loginFailureFor(status, body)).toEqual({ code, message, severity });
  });

  it.each([
    ['user-inactive', 'Your account is inactive. Contact your administrator.'],
    ['user-expired', 'Your account has expired.'],
  ])('a 403 with code %s shows the server message', (code, message) => {
    expect(loginFailureFor(403, { code, message })).toEqual({ code, message, severity: 'error' });
  });

  it.each([
    ['an unknown code', { code: 'something-else', message: 'Leaked detail' }],
    ['a missing message', { code: 'user-inactive' }],
    ['a blank message', { code: 'user-expired', message: '  ' }],
    ['a non-object body', 'user-inactive'],
    ['a null body', null],
  ])('a 403 with %s falls back to the credentials message', (_label, body) => {
    expect(loginFailureFor(403, body).message).toBe('Username or password incorrect. Please try again');
  });

  it('an account-state code on a status other than 403 does not replace the status message', () => {
    expect(loginFailureFor(400, { code: 'user-inactive', message: 'Inactive' }).message).toBe(
      'Username or password incorrect. Please try again',
    );
  });
});
