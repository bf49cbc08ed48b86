import { createSession } from '../../../server/auth/sessions.ts';
import type { DatabaseHandle } from '../../../server/db/connection.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';

export type TestAgent = { userId: string; name: string; headers: { authorization: string } };

/**
 * n extra NORMAL agents of the demo workspace, each a member of the given team, each with a live session.
 * (Sessions are made directly: signing in 20 times would only measure argon2.)
 */
export async function createAgents(handle: DatabaseHandle, n: number, teamId: string, prefix = 'agent'): Promise<TestAgent[]> {
  const agents = Array.from({ length: n }, (_, i) => ({ userId: `usr-${prefix}-${i}`, name: `${prefix} ${i}` }));
  await withWorkspaceWrite(handle.db, 'ws-demo', async (tx, rev) => {
    await tx
      .insertInto('users')
      .values(agents.map((a) => ({
        id: a.userId,
        workspace_id: 'ws-demo',
        name: a.name,
        username: `${a.userId}@demo.local`,
        email: `${a.userId}@demo.local`,
        role: 'NORMAL' as const,
        password_hash: 'not-used',
        enabled_modules: [{ id: 'HUMAN INTERFACE' }],
        rights: [],
        rev,
      })))
      .execute();
    await tx
      .insertInto('members')
      .values(agents.map((a) => ({ id: `mbr-${a.userId}`, workspace_id: 'ws-demo', name: a.name, email: `${a.userId}@demo.local`, user_id: a.userId, rev })))
      .execute();
    await tx
      .insertInto('team_members')
      .values(agents.map((a) => ({ id: `tm-${a.userId}`, workspace_id: 'ws-demo', team_id: teamId, member_id: `mbr-${a.userId}`, rev })))
      .execute();
  });
  return Promise.all(
    agents.map(async (a) => {
      const session = await createSession(handle.db, { id: a.userId, workspace_id: 'ws-demo' }, 3600, 'test');
      return { ...a, headers: { authorization: `Bearer ${session.token}` } };
    }),
  );
}
