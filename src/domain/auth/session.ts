/**
 * How the console holds its session (ARCHITECTURE.md, security baseline): the token lives only in an HttpOnly,
 * SameSite=Strict cookie that no script can read. The console asks for it with the session-mode header when it
 * signs in; integrators that send no such header get the token in the answer and use it as a Bearer token, as
 * part 1 §7 describes.
 */
export const SESSION_COOKIE = 'wc_session';

/** Sent with POST /token: 'cookie' sets the session cookie; 'verify' only checks the password (no session). */
export const SESSION_MODE_HEADER = 'x-session';
export type SessionMode = 'cookie' | 'verify';

/**
 * Every write authenticated by the cookie must carry this header. A page of another site cannot add a custom
 * header to a form post, and a script of another origin cannot send one without a CORS preflight that is refused:
 * the CSRF guard, on top of SameSite=Strict.
 */
export const CONSOLE_REQUEST_HEADER = 'x-console-request';
