import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { AuthError, signIn } from '../../data/auth.ts';
import type { Credentials } from '../../data/auth.ts';
import { canSubmitLogin, normaliseLoginInput, validateLogin } from '../../domain/auth/loginValidation.ts';
import type { LoginField, LoginInput } from '../../domain/auth/loginValidation.ts';
import type { LoginFailureSeverity } from '../../domain/auth/loginErrors.ts';

type Props = {
  onSignedIn: (credentials: Credentials) => void;
};

type Notice = { message: string; severity: LoginFailureSeverity };

const UNTOUCHED: Record<LoginField, boolean> = { username: false, password: false };

export function LoginScreen({ onSignedIn }: Props) {
  const ids = useId();
  const [input, setInput] = useState<LoginInput>({ username: '', password: '' });
  const [touched, setTouched] = useState(UNTOUCHED);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const errors = validateLogin(input);
  const usernameError = touched.username ? errors.username : undefined;
  const passwordError = touched.password ? errors.password : undefined;

  function update(field: LoginField, value: string) {
    setInput((current) => ({ ...current, [field]: value }));
    setNotice(null);
  }

  function markTouched(field: LoginField) {
    setTouched((current) => ({ ...current, [field]: true }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitLogin(input) || submitting) return;
    setTouched({ username: true, password: true });
    if (errors.username !== undefined || errors.password !== undefined) return;

    const { username, password } = normaliseLoginInput(input);
    setSubmitting(true);
    setNotice(null);
    try {
      onSignedIn(await signIn(username, password));
    } catch (error) {
      setNotice(
        error instanceof AuthError
          ? { message: error.message, severity: error.severity }
          : { message: 'The system is not available.', severity: 'error' },
      );
      setSubmitting(false);
    }
  }

  const usernameId = `${ids}-username`;
  const passwordId = `${ids}-password`;

  return (
    <section className="card" aria-labelledby={`${ids}-title`}>
      <p className="card__eyebrow">Workflow Console</p>
      <h1 id={`${ids}-title`} className="card__title">
        Enter your credentials
      </h1>

      <form className="form" onSubmit={handleSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={usernameId}>
            Username
          </label>
          <input
            id={usernameId}
            className="field__input"
            name="username"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@company.com"
            value={input.username}
            onChange={(event) => update('username', event.target.value)}
            onBlur={() => markTouched('username')}
            aria-invalid={usernameError !== undefined}
            aria-describedby={usernameError !== undefined ? `${usernameId}-error` : undefined}
          />
          {usernameError !== undefined && (
            <p id={`${usernameId}-error`} className="field__error">
              {usernameError}
            </p>
          )}
        </div>

        <div className="field">
          <label className="field__label" htmlFor={passwordId}>
            Password
          </label>
          <div className="field__row">
            <input
              id={passwordId}
              className="field__input"
              name="password"
              type={passwordVisible ? 'text' : 'password'}
              autoComplete="current-password"
              value={input.password}
              onChange={(event) => update('password', event.target.value)}
              onBlur={() => markTouched('password')}
              aria-invalid={passwordError !== undefined}
              aria-describedby={passwordError !== undefined ? `${passwordId}-error` : undefined}
            />
            <button
              type="button"
              className="button button--ghost field__toggle"
              onClick={() => setPasswordVisible((visible) => !visible)}
              aria-controls={passwordId}
              aria-pressed={passwordVisible}
              aria-label={passwordVisible ? 'Hide password' : 'Show password'}
            >
              {passwordVisible ? 'Hide' : 'Show'}
            </button>
          </div>
          {passwordError !== undefined && (
            <p id={`${passwordId}-error`} className="field__error">
              {passwordError}
            </p>
          )}
        </div>

        {notice !== null && (
          <p className={`notice notice--${notice.severity}`} role="alert">
            {notice.message}
          </p>
        )}

        <button type="submit" className="button button--primary" disabled={!canSubmitLogin(input) || submitting}>
          {submitting ? 'Signing in…' : 'Login'}
        </button>
      </form>

      <a className="link card__footer-link" href="/recovery">
        Forgot your password
      </a>
    </section>
  );
}
