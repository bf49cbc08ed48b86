/**
 * The only UI module allowed to call the server directly (see ARCHITECTURE.md): sign-in, sign-out, password
 * recovery, reset and update, and the account look-ups the shell needs at startup. Every failure is an `AuthError`
 * carrying a stable `code` and the user-facing message of part 1 §8.
 */
import { clientHash } from '../domain/auth/clientHash.ts';
import { loginFailureFor } from '../domain/auth/loginErrors.ts';
import { CONSOLE_REQUEST_HEADER, SESSION_MODE_HEADER, type SessionMode } from '../domain/auth/session.ts';
import type { LoginFailureCode, LoginFailureSeverity } from '../domain/auth/loginErrors.ts';

export const CREDENTIALS_STORAGE_KEY = 'credentials';

// Long enough for a cold server, short enough that a hung request does not leave the button spinning.
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * What the page keeps of a sign-in (part 1 §3 "Locally after login"): who, and for how long. The session token
 * itself is only in the HttpOnly cookie the server set, out of reach of every script of the page.
 */
export type Credentials = { userId: string; expiresIn: number };

export type Account = {
  id: string;
  name: string;
  username: string;
  email: string;
  role: string;
  status: number;
  language: string;
  /** As the server stores it: [{id}] entries; read with enabledModuleSet() from src/domain/access. */
  enabledModules: unknown;
  rights: unknown;
  workspace: { id: string };
};

export type Workspace = { id: string; name: string };

export type AuthErrorCode =
  | LoginFailureCode
  | 'session-expired'
  | 'bad-reply'
  | 'wrong-password'
  | 'invalid-reset-token'
  | 'mail-failed'
  | (string & {});

export class AuthError extends Error {
  readonly code: AuthErrorCode;
  readonly severity: LoginFailureSeverity;
  readonly status: number | undefined;

  constructor(code: AuthErrorCode, message: string, severity: LoginFailureSeverity, status?: number) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.severity = severity;
    this.status = status;
  }
}

export function readCredentials(): Credentials | null {
  const raw = localStorage.getItem(CREDENTIALS_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed) && 'accessToken' in parsed) {
      // Kept by a version from before the session moved into the HttpOnly cookie: the token must not stay.
      clearCredentials();
      return null;
    }
    return isCredentials(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function clearCredentials(): void {
  localStorage.removeItem(CREDENTIALS_STORAGE_KEY);
}

/**
 * The shared schema of the sign-in reply (no token in it: the session is the HttpOnly cookie). zod and the schema
 * are a chunk of their own, fetched while the sign-in request is under way rather than with the sign-in page,
 * which otherwise carries no zod at all.
 */
function loadTokenReplySchema() {
  const schema = import('../domain/auth/schemas.ts').then((m) => m.sessionReplySchema);
  // Awaited only when the server answers with a token; a failed sign-in must not leave a rejection unhandled.
  schema.catch(() => undefined);
  return schema;
}

async function parseTokenReply(schema: ReturnType<typeof loadTokenReplySchema>, response: Response) {
  const body = await readJson(response);
  return (await schema).safeParse(body);
}

export async function signIn(username: string, password: string): Promise<Credentials> {
  const schema = loadTokenReplySchema();
  const hash = await clientHash(username, password);
  const response = await send('/token?grant_type=password', tokenRequest(username, hash, 'cookie'));
  if (!response.ok) {
    const failure = loginFailureFor(response.status, await readJson(response));
    throw new AuthError(failure.code, failure.message, failure.severity, response.status);
  }
  const reply = await parseTokenReply(schema, response);
  if (!reply.success) throw unavailable('bad-reply', response.status);
  const credentials: Credentials = { userId: reply.data.user.id, expiresIn: reply.data.expires_in };
  localStorage.setItem(CREDENTIALS_STORAGE_KEY, JSON.stringify(credentials));
  return credentials;
}

/** Ends the server session (which also clears the cookie, for every tab) when it can; local credentials go either way. */
export async function signOut(): Promise<void> {
  const credentials = readCredentials();
  try {
    if (credentials !== null) {
      await send('/auth/logout', { method: 'POST', headers: CONSOLE_HEADERS });
    }
  } catch {
    // Offline or server down: the token expires on its own, and the user still expects to be signed out.
  } finally {
    clearCredentials();
  }
}

export async function loadAccount(credentials: Credentials): Promise<Account> {
  const reply = await getAuthorised(`/users/${encodeURIComponent(credentials.userId)}`);
  if (!isAccount(reply)) throw unavailable('bad-reply');
  return reply;
}

export async function loadWorkspace(workspaceId: string): Promise<Workspace> {
  const reply = await getAuthorised(`/workspaces/${encodeURIComponent(workspaceId)}`);
  if (!isWorkspace(reply)) throw unavailable('bad-reply');
  return reply;
}

export type ServerCorsOrigin = { _id: string; origin: string; description: string | null; workspace: string | null; active: boolean };

/**
 * Settings' CORS Origins tab (part 1 §7 GET /cors-origins): the global origins belong to no workspace, so the replica
 * never holds them and they are read here, online only. The workspace's own origins come from the replica.
 */
export async function loadCorsOrigins(): Promise<ServerCorsOrigin[]> {
  const reply = await getAuthorised('/cors-origins');
  if (!Array.isArray(reply) || !reply.every(isCorsOrigin)) throw unavailable('bad-reply');
  return reply;
}

const isCorsOrigin = (value: unknown): value is ServerCorsOrigin =>
  isRecord(value) && typeof value._id === 'string' && typeof value.origin === 'string' && (value.workspace === null || typeof value.workspace === 'string');

export type GeneratedWebhookUrl = { id: string; url: string };

/**
 * The event form's webhook calls (part 1 §7 POST /webhooks/generateUrl and /generateToken): the server hands out
 * the id, URL and token, so they need the network. The token is answered once; the console shows it once and keeps
 * it only until the event is saved (the server stores its hash). Failures are AuthErrors ('network-failure' offline).
 */
export async function generateWebhookUrl(name: string): Promise<GeneratedWebhookUrl> {
  const response = await send('/webhooks/generateUrl', jsonPost({ name }));
  const body = await readJson(response);
  if (!response.ok) throw failureOf(response.status, body);
  if (!isRecord(body) || typeof body.id !== 'string' || typeof body.url !== 'string') throw unavailable('bad-reply', response.status);
  return { id: body.id, url: body.url };
}

export async function generateWebhookToken(username: string, passphrase: string): Promise<string> {
  const response = await send('/webhooks/generateToken', jsonPost({ username, password: passphrase }));
  const body = await readJson(response);
  if (!response.ok) throw failureOf(response.status, body);
  if (!isRecord(body) || typeof body.token !== 'string') throw unavailable('bad-reply', response.status);
  return body.token;
}

/**
 * The signing link of an envelope (part 2 §7 generateUrl): like the webhook token, it needs the network and is shown
 * only in this answer; each call replaces the previous link.
 */
export async function generateSigningLink(caseId: string, envelopeId: string): Promise<{ url: string; expiresAt: string }> {
  const path = `/cases/${encodeURIComponent(caseId)}/envelopes/${encodeURIComponent(envelopeId)}/generateUrl`;
  const response = await send(path, jsonPost({ caseId }));
  const body = await readJson(response);
  if (!response.ok) throw failureOf(response.status, body);
  if (!isRecord(body) || typeof body.url !== 'string' || typeof body.expiresAt !== 'string') throw unavailable('bad-reply', response.status);
  return { url: body.url, expiresAt: body.expiresAt };
}

/** Part 1 §2: success is a 200; the answer is the same whether or not the address is known. */
export async function requestPasswordRecovery(email: string): Promise<void> {
  const response = await send('/auth/recovery', jsonPost({ email: email.trim() }));
  if (!response.ok) throw failureOf(response.status, await readJson(response));
}

/**
 * The current-password check of the update screen (part 2 §7: a token-creation call), in the 'verify' mode: the
 * server only says whether the password matches and makes no session, so checking leaves nothing behind.
 */
export async function verifyCurrentPassword(username: string, password: string): Promise<boolean> {
  const schema = loadTokenReplySchema();
  const hash = await clientHash(username, password);
  const response = await send('/token?grant_type=password', tokenRequest(username, hash, 'verify'));
  if (response.status === 400 || response.status === 403) return false;
  if (!response.ok) throw failureOf(response.status, await readJson(response));
  if (!(await parseTokenReply(schema, response)).success) throw unavailable('bad-reply', response.status);
  return true;
}

export async function updatePassword(
  credentials: Credentials,
  username: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const body = {
    userId: credentials.userId,
    currentPassword: await clientHash(username, currentPassword),
    newPassword: await clientHash(username, newPassword),
  };
  const response = await send('/auth/password', jsonPost(body));
  if (!response.ok) throw failureOf(response.status, await readJson(response));
}

/** The reset link of the recovery mail carries only a token, so the user names the account the hash is for. */
export async function resetPassword(token: string, username: string, newPassword: string): Promise<void> {
  const response = await send('/auth/reset', jsonPost({ token, newPassword: await clientHash(username, newPassword) }));
  if (!response.ok) throw failureOf(response.status, await readJson(response));
}

/** Every write carries the console's request header: the server's CSRF guard refuses cookie writes without it. */
const CONSOLE_HEADERS = { [CONSOLE_REQUEST_HEADER]: '1' };

function jsonPost(body: unknown): RequestInit & { headers: Record<string, string> } {
  return { method: 'POST', headers: { 'content-type': 'application/json', ...CONSOLE_HEADERS }, body: JSON.stringify(body) };
}

function tokenRequest(username: string, hash: string, mode: SessionMode): RequestInit {
  const init = jsonPost({ username, password: hash });
  return { ...init, headers: { ...init.headers, [SESSION_MODE_HEADER]: mode } };
}

/** A refusal keeps the server's code (for example 'wrong-password', 'invalid-reset-token') for the UI to map. */
function failureOf(status: number, body: unknown): AuthError {
  const failure = loginFailureFor(status, body);
  const serverCode = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : failure.message;
  if (status >= 400 && status < 500 && status !== 401 && serverCode !== undefined) {
    return new AuthError(serverCode as AuthErrorCode, serverMessage, 'error', status);
  }
  return new AuthError(failure.code, failure.message, failure.severity, status);
}

async function getAuthorised(path: string): Promise<unknown> {
  const response = await send(path, {});
  if (response.status === 401) {
    // Part 1 §8: any 401 sends the user back to the login screen.
    clearCredentials();
    throw new AuthError('session-expired', 'Unauthorized', 'error', 401);
  }
  if (!response.ok) {
    const failure = loginFailureFor(response.status);
    throw new AuthError(failure.code, failure.message, failure.severity, response.status);
  }
  return readJson(response);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    const failure = loginFailureFor(undefined);
    throw new AuthError(failure.code, failure.message, failure.severity);
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function unavailable(code: AuthErrorCode, status?: number): AuthError {
  const failure = loginFailureFor(500);
  return new AuthError(code, failure.message, failure.severity, status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCredentials(value: unknown): value is Credentials {
  return (
    isRecord(value) &&
    typeof value.userId === 'string' &&
    typeof value.expiresIn === 'number'
  );
}

function isAccount(value: unknown): value is Account {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    isRecord(value.workspace) &&
    typeof value.workspace.id === 'string'
  );
}

function isWorkspace(value: unknown): value is Workspace {
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';
}
