import type { APIRequestContext } from '@playwright/test';
import { clientHash } from '../../src/domain/auth/clientHash.ts';

type Doc = { id: string; kind: string; deleted: boolean } & Record<string, unknown>;

/** Signs in over the API as the console does (client hash, then POST /token) and answers the access token. */
export async function apiToken(request: APIRequestContext, user: { username: string; password: string }): Promise<string> {
  const reply = await request.post('/token?grant_type=password', {
    data: { username: user.username, password: await clientHash(user.username, user.password) },
  });
  if (!reply.ok()) throw new Error(`sign-in failed: ${reply.status()}`);
  return ((await reply.json()) as { access_token: string }).access_token;
}

/** Every document of a collection the user may see, read page by page from GET /sync/pull. */
export async function pullAll(request: APIRequestContext, token: string, collection: string, scope?: string): Promise<Doc[]> {
  const docs: Doc[] = [];
  let checkpoint: unknown;
  for (;;) {
    const params: Record<string, string> = { collection, limit: '500' };
    if (scope !== undefined) params.scope = scope;
    if (checkpoint !== undefined) params.checkpoint = JSON.stringify(checkpoint);
    const reply = await request.get('/sync/pull', { params, headers: { authorization: `Bearer ${token}` } });
    if (!reply.ok()) throw new Error(`pull ${collection} failed: ${reply.status()} ${await reply.text()}`);
    const page = (await reply.json()) as { documents: Doc[]; checkpoint: unknown };
    docs.push(...page.documents);
    if (page.documents.length === 0) return docs;
    checkpoint = page.checkpoint;
  }
}

/** The user's saved language as the server holds it (their own user document in the config feed). */
export async function accountLanguage(request: APIRequestContext, token: string, username: string): Promise<string | undefined> {
  const user = (await pullAll(request, token, 'config')).find((doc) => doc.kind === 'user' && doc.username === username);
  return user === undefined ? undefined : String(user.language);
}

/**
 * Saves a language to the user's account over the API, as the console's 'user.setLanguage' mutation does. Journeys
 * share one e2e server, so a test that changes the demo agent's language puts it back with this even when it fails.
 */
export async function saveAccountLanguage(request: APIRequestContext, token: string, language: string): Promise<void> {
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${token}` },
    data: { clientId: `e2e-${Date.now()}`, mutations: [{ id: `lang-${Date.now()}`, name: 'user.setLanguage', args: { language }, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`setting the language failed: ${reply.status()} ${await reply.text()}`);
}

/**
 * Hands tickets back ('Waiting for operator') over the API as an administrator. Journeys share one e2e server and
 * its 11 unclaimed tickets of the agent's teams; a journey that claims some for its own purpose gives them back.
 */
export async function releaseTickets(request: APIRequestContext, adminToken: string, ticketIds: string[]): Promise<void> {
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { clientId: `e2e-release-${Date.now()}`, mutations: ticketIds.map((ticketId, i) => ({ id: `release-${Date.now()}-${i}`, name: 'ticket.release', args: { ticketId }, at: Date.now() })) },
  });
  if (!reply.ok()) throw new Error(`releasing tickets failed: ${reply.status()} ${await reply.text()}`);
}

/** Puts a team's thresholds back over the API as an administrator (journeys share one e2e server). */
export async function restoreTeamThresholds(request: APIRequestContext, adminToken: string, team: { teamId: string; name: string; engineId: string | null; color: string; lightYellow: number; lightRed: number; notifyChannels: string[]; webhookEmail: string | null; slackLink: string | null }): Promise<void> {
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { clientId: `e2e-team-${Date.now()}`, mutations: [{ id: `team-${Date.now()}`, name: 'team.update', args: team, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`restoring the team failed: ${reply.status()} ${await reply.text()}`);
}

/** Takes a member off a team over the API as an administrator. */
export async function removeTeamLink(request: APIRequestContext, adminToken: string, teamId: string, linkId: string): Promise<void> {
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { clientId: `e2e-team-${Date.now()}`, mutations: [{ id: `unlink-${Date.now()}`, name: 'team.removeMember', args: { teamId, linkId }, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`removing the member failed: ${reply.status()} ${await reply.text()}`);
}

type MemberBody = { name: string; email: string; slackLink: string | null; teams: string[] };

/** Puts a member back over the REST API as an administrator (PATCH /v2/human/{id}, teams included). */
export async function restoreMember(request: APIRequestContext, adminToken: string, memberId: string, member: MemberBody): Promise<void> {
  const reply = await request.patch(`/v2/human/${memberId}`, { headers: { authorization: `Bearer ${adminToken}` }, data: member });
  if (!reply.ok()) throw new Error(`restoring the member failed: ${reply.status()} ${await reply.text()}`);
}

/** Deletes a member over the REST API as an administrator (DELETE /v2/human/{id}). */
export async function deleteMemberByApi(request: APIRequestContext, adminToken: string, memberId: string): Promise<void> {
  const reply = await request.delete(`/v2/human/${memberId}`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (!reply.ok()) throw new Error(`deleting the member failed: ${reply.status()} ${await reply.text()}`);
}

/**
 * Runs one mutation as the console's outbox would send it (POST /sync/mutations) and answers its result: for a
 * journey to put the shared demo data back after itself (journeys share one e2e server).
 */
export async function serverMutation(request: APIRequestContext, token: string, name: string, args: unknown): Promise<{ status: string; code?: string }> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${token}` },
    data: { clientId: `e2e-${stamp}`, mutations: [{ id: `e2e-${stamp}`, name, args, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`${name} failed: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as { results: { status: string; code?: string }[] }).results[0]!;
}
