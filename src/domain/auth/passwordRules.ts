/**
 * Rules of the recovery and update-password forms (part 1 §5, part 2 §5). Messages are keys of the i18n
 * catalogue so the screens show them in the user's language.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const CURRENT_PASSWORD_CHECK_DELAY_MS = 700;

export type PasswordMessageKey =
  | 'validation.newPasswordRequired'
  | 'validation.passwordTooWeak'
  | 'validation.confirmationRequired'
  | 'validation.passwordsMustMatch'
  | 'validation.currentPasswordRequired'
  | 'validation.emailRequired'
  | 'validation.emailInvalid';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateRecoveryEmail(raw: string): PasswordMessageKey | undefined {
  const value = raw.trim();
  if (value === '') return 'validation.emailRequired';
  if (!EMAIL_PATTERN.test(value)) return 'validation.emailInvalid';
  return undefined;
}

/** At least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= NEW_PASSWORD_MIN_LENGTH && /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);
}

export function validateNewPassword(value: string): PasswordMessageKey | undefined {
  if (value.trim() === '') return 'validation.newPasswordRequired';
  if (!isStrongPassword(value)) return 'validation.passwordTooWeak';
  return undefined;
}

export function validateConfirmation(newPassword: string, confirmation: string): PasswordMessageKey | undefined {
  if (confirmation.trim() === '') return 'validation.confirmationRequired';
  if (confirmation !== newPassword) return 'validation.passwordsMustMatch';
  return undefined;
}

export type NewPasswordErrors = { newPassword?: PasswordMessageKey; confirmation?: PasswordMessageKey };

export function validateNewPasswordForm(newPassword: string, confirmation: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const first = validateNewPassword(newPassword);
  const second = validateConfirmation(newPassword, confirmation);
  if (first !== undefined) errors.newPassword = first;
  if (second !== undefined) errors.confirmation = second;
  return errors;
}
