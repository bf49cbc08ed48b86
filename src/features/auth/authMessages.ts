import { loginValidationMessages } from '../../domain/auth/loginValidation.ts';
import type { AuthErrorCode } from '../../data/auth.ts';

/** The login rules speak English (src/domain is shared with the server); the screens show them translated. */
const VALIDATION_KEYS: Record<string, string> = {
  [loginValidationMessages.usernameRequired]: 'validation.usernameRequired',
  [loginValidationMessages.usernameFormat]: 'validation.usernameInvalid',
  [loginValidationMessages.passwordRequired]: 'validation.passwordRequired',
  [loginValidationMessages.passwordTooShort]: 'validation.passwordTooShort',
};

export const validationKey = (message: string) => VALIDATION_KEYS[message] ?? message;

/** Part 1 §8: every failure code of a sign-in or password call and the catalogue text it shows. */
const ERROR_KEYS: Partial<Record<AuthErrorCode, string>> = {
  'invalid-credentials': 'errors.invalidCredentials',
  unauthorized: 'errors.unauthorized',
  'session-expired': 'errors.unauthorized',
  'not-found': 'errors.notFound',
  'user-inactive': 'errors.userInactive',
  'user-expired': 'errors.userExpired',
  unavailable: 'errors.unavailable',
  'network-failure': 'errors.unavailable',
  'bad-reply': 'errors.unavailable',
  'wrong-password': 'update.currentWrong',
  'invalid-reset-token': 'update.resetInvalid',
  'mail-failed': 'recovery.failure',
};

export const errorKey = (code: AuthErrorCode) => ERROR_KEYS[code] ?? 'errors.unavailable';
