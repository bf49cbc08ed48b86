import { CONSOLE_REQUEST_HEADER } from '../../src/domain/auth/session.ts';

/**
 * How the worker proves who it is: in the browser, the HttpOnly session cookie (sent by fetch on its own, since the
 * server is the page's own origin) plus the console's request header that the CSRF guard requires; in tests that
 * run the engine in Node, a Bearer token.
 */
export const serverAuthHeaders = (accessToken?: string): Record<string, string> =>
  accessToken ? { authorization: `Bearer ${accessToken}` } : { [CONSOLE_REQUEST_HEADER]: '1' };
