/**
 * How a failed sign-in is told to the user (part 1 §8, Login). The status decides the text and its
 * severity; an account that is inactive or expired gets the server's own explanation instead.
 */
export type LoginFailureCode =
  | 'invalid-credentials'
  | 'unauthorized'
  | 'not-found'
  | 'user-inactive'
  | 'user-expired'
  | 'unavailable'
  | 'network-failure';

export type LoginFailureSeverity = 'error' | 'warning' | 'info';

export type LoginFailure = {
  code: LoginFailureCode;
  message: string;
  severity: LoginFailureSeverity;
};

export const loginFailureMessages = {
  invalidCredentials: 'Username or password incorrect. Please try again',
  unauthorized: 'Unauthorized',
  notFound: 'Case not found, please refresh',
  unavailable: 'The system is not available.',
} as const;

const ACCOUNT_STATE_CODES = new Set<LoginFailureCode>(['user-inactive', 'user-expired']);

function accountStateFailure(body: unknown): LoginFailure | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !ACCOUNT_STATE_CODES.has(code as LoginFailureCode)) return undefined;
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  return { code: code as LoginFailureCode, message, severity: 'error' };
}

/** `status` undefined means no answer arrived at all (offline, DNS, refused connection). */
export function loginFailureFor(status: number | undefined, body?: unknown): LoginFailure {
  if (status === undefined) {
    return { code: 'network-failure', message: loginFailureMessages.unavailable, severity: 'info' };
  }
  switch (status) {
    case 400:
      return { code: 'invalid-credentials', message: loginFailureMessages.invalidCredentials, severity: 'error' };
    case 403:
      return (
        accountStateFailure(body) ?? {
          code: 'invalid-credentials',
          message: loginFailureMessages.invalidCredentials,
          severity: 'error',
        }
      );
    case 401:
      return { code: 'unauthorized', message: loginFailureMessages.unauthorized, severity: 'error' };
    case 404:
      return { code: 'not-found', message: loginFailureMessages.notFound, severity: 'error' };
    case 408:
    case 500:
      return { code: 'unavailable', message: loginFailureMessages.unavailable, severity: 'warning' };
    default:
      return { code: 'unavailable', message: loginFailureMessages.unavailable, severity: 'error' };
  }
}
