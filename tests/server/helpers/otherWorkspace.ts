import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createSession } from '../../../server/auth/sessions.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { createWorkspaceWithAdmin } from '../../../server/services/workspaces.ts';
import { pushMutations } from './mutationClient.ts';
import type { TestApp } from './testApp.ts';

/** Every name and description of the other workspace carries this, so a leak is a plain substring search. */
export const OTHER_MARKER = 'SECRET-OTHER';

export type OtherWorkspace = {
  workspaceId: string;
  admin: { userId: string; headers: { authorization: string } };
  agent: { userId: string; headers: { authorization: string } };
  ids: { app: string; flow: string; event: string; webhook: string; webhookToken: string; team: string; caseType: string; caseState: string; case: string; ticket: string; note: string; file: string; engine: string; calendar: string };
};

/**
 * A second workspace beside the demo one (issue 10 item 7), made the way an operator and its administrator would:
 * `createWorkspaceWithAdmin` (what `npm run workspace:create` runs), then its apps, events, webhook, case, ticket,
 * note and file through the API and the outbox. Its team and case type are written directly: their screens and
 * calls come with later issues.
 */
export async function createOtherWorkspace(t: TestApp): Promise<OtherWorkspace> {
  const created = await createWorkspaceWithAdmin(t.handle.db, {
    id: 'ws-other-co',
    name: `Other Co ${OTHER_MARKER}`,
    adminName: `Olga ${OTHER_MARKER}`,
    adminEmail: 'olga@other.example',
    timeZone: 'Europe/Madrid',
  });
  const session = async (userId: string) => ({ authorization: `Bearer ${(await createSession(t.handle.db, { id: userId, workspace_id: 'ws-other-co' }, 3600, 'test')).token}` });
  const admin = { userId: created.adminUserId, headers: await session(created.adminUserId) };
  const ids = { team: 'team-other-desk', caseType: 'ct-other-claims', caseState: 'cst-other-received', agent: 'usr-other-agent' };
  await withWorkspaceWrite(t.handle.db, 'ws-other-co', async (tx, rev) => {
    const stamps = { workspace_id: 'ws-other-co', rev };
    await tx
      .insertInto('users')
      .values({ id: ids.agent, name: `Otto ${OTHER_MARKER}`, username: 'otto@other.example', email: 'otto@other.example', role: 'NORMAL', password_hash: 'x', enabled_modules: [{ id: 'HUMAN INTERFACE' }], rights: [], ...stamps })
      .execute();
    await tx.insertInto('members').values({ id: 'mbr-other-otto', name: `Otto ${OTHER_MARKER}`, email: 'otto@other.example', user_id: ids.agent, ...stamps }).execute();
    await tx.insertInto('teams').values({ id: ids.team, name: `Desk ${OTHER_MARKER}`, tok_email: `tok-${OTHER_MARKER}`, ...stamps }).execute();
    await tx.insertInto('team_members').values({ id: 'tm-other-otto', team_id: ids.team, member_id: 'mbr-other-otto', ...stamps }).execute();
    await tx.insertInto('case_types').values({ id: ids.caseType, code: 'OTHERCLAIM', description: `Claims ${OTHER_MARKER}`, ...stamps }).execute();
    await tx.insertInto('case_states').values({ id: ids.caseState, case_type_id: ids.caseType, state_key: 'RECEIVED', description: `Received ${OTHER_MARKER}`, order: 1, ...stamps }).execute();
  });
  const agent = { userId: ids.agent, headers: await session(ids.agent) };

  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Record<string, unknown>>();
  };
  const app = await post('/apps', { name: `App ${OTHER_MARKER}`, description: `Automation ${OTHER_MARKER}`, engine: { id: created.engineId }, calendar: { id: created.calendarId } });
  const webhookId = String((await post('/webhooks/generateUrl', { name: 'other hook' })).id);
  const webhookToken = String((await post('/webhooks/generateToken', { username: 'olga', password: 'passphrase' })).token);
  const event = await post('/events', {
    appId: app.id,
    name: `Event ${OTHER_MARKER}`,
    calendar: { id: created.calendarId },
    webhook: { id: webhookId, name: `Hook ${OTHER_MARKER}`, token: webhookToken },
  });

  const caseId = `case-${randomUUID()}`;
  const ticketId = `tkt-${randomUUID()}`;
  const noteId = randomUUID();
  const outcomes = await pushMutations(t, admin.headers, 'client-other-admin', [
    { id: randomUUID(), name: 'case.create', args: { caseId, caseTypeId: ids.caseType, description: `Case ${OTHER_MARKER}` } },
    {
      id: randomUUID(),
      name: 'ticket.create',
      args: { ticketId, caseId, status: 'unassigned', description: `Ticket ${OTHER_MARKER}`, teamId: ids.team, assigneeMemberId: null, createdAt: Date.now(), dueAt: Date.now() + 86_400_000 },
    },
    { id: randomUUID(), name: 'ticket.addNote', args: { ticketId, noteId, title: `Note ${OTHER_MARKER}`, description: `Said ${OTHER_MARKER}`, details: '' } },
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['applied', 'applied', 'applied']);
  const upload = await t.app.inject({
    method: 'POST',
    url: `/cases/${caseId}/files`,
    headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=b' },
    payload: `--b\r\nContent-Disposition: form-data; name="file1"; filename="${OTHER_MARKER}.txt"\r\nContent-Type: text/plain\r\n\r\n${OTHER_MARKER} bytes\r\n--b--\r\n`,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const file = (upload.json() as { files: Array<{ id: string }> }).files[0]!.id;
  const flow = String((await t.handle.db.selectFrom('apps').select('flow_id').where('id', '=', String(app.id)).executeTakeFirstOrThrow()).flow_id);
  return {
    workspaceId: 'ws-other-co',
    admin,
    agent,
    ids: {
      app: String(app.id),
      flow,
      event: String(event.id),
      webhook: webhookId,
      webhookToken,
      team: ids.team,
      caseType: ids.caseType,
      caseState: ids.caseState,
      case: caseId,
      ticket: ticketId,
      note: noteId,
      file,
      engine: created.engineId,
      calendar: created.calendarId,
    },
  };
}
