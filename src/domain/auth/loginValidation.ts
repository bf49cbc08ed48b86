/**
 * Login form rules of part 1 §2 and §5: both fields are trimmed, the submit button needs both filled,
 * the username must look like an e-mail address and the password needs at least six characters.
 * Pure functions so the screen and its tests share one definition.
 */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;

export const loginValidationMessages = {
  usernameFormat: 'Invalid email address format',
  usernameRequired: 'Email is required',
  passwordTooShort: `Password must be ${LOGIN_PASSWORD_MIN_LENGTH} characters at minimum`,
  passwordRequired: 'Password is required',
} as const;

export type LoginInput = { username: string; password: string };
export type LoginField = keyof LoginInput;
export type LoginErrors = Partial<Record<LoginField, string>>;

// One '@', no spaces, and a dot inside the domain part: strict enough to catch typos, loose enough
// for internal domains such as `demo.local`.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function normaliseLoginInput(input: LoginInput): LoginInput {
  return { username: input.username.trim(), password: input.password.trim() };
}

export function validateLoginUsername(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return loginValidationMessages.usernameRequired;
  if (!EMAIL_PATTERN.test(value)) return loginValidationMessages.usernameFormat;
  return undefined;
}

export function validateLoginPassword(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return loginValidationMessages.passwordRequired;
  if (value.length < LOGIN_PASSWORD_MIN_LENGTH) return loginValidationMessages.passwordTooShort;
  return undefined;
}

export function validateLogin(input: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  const username = validateLoginUsername(input.username);
  const password = validateLoginPassword(input.password);
  if (username !== undefined) errors.username = username;
  if (password !== undefined) errors.password = password;
  return errors;
}

/** The spec enables 'Login' as soon as both trimmed fields are non-empty; format errors show on submit. */
export function canSubmitLogin(input: LoginInput): boolean {
  return input.username.trim() !== '' && input.password.trim() !== '';
}
