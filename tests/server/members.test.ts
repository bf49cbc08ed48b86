import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type Human = { id: string; human_id: string; name: string; email: string; slackLink: string | null; teams: string[] };

/** Part 1 §7 /humans and /v2/human/{id}: members over REST, with the same services as the member.* mutations. */
describe.each(backends)('members over REST (/humans, /v2/human) on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let other: OtherWorkspace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const memberRow = (id: string) => t.handle.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  const liveTeams = async (memberId: string) =>
    (await t.handle.db.selectFrom('team_members').select('team_id').where('member_id', '=', memberId).where('deleted', '=', false).orderBy('team_id').execute()).map((l) => l.team_id);
  const otherRev = async () => Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', other.workspaceId).executeTakeFirstOrThrow()).rev);

  let memberId = '';

  it('POST /humans answers 201 with the member and its teams; the texts are trimmed', async () => {
    const response = await call('POST', '/humans', admin, { name: '  Ana Ruiz ', email: 'ana.ruiz@demo.local', slackLink: 'U0123ANA', teams: ['team-demo-field', 'team-demo-claims', 'team-demo-field'] });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<Human>();
    memberId = view.id;
    expect(memberId).toMatch(/^mbr-[0-9a-f-]{36}$/);
    expect(view).toEqual({ id: memberId, human_id: memberId, name: 'Ana Ruiz', email: 'ana.ruiz@demo.local', slackLink: 'U0123ANA', teams: ['team-demo-claims', 'team-demo-field'] });
    const row = await memberRow(memberId);
    expect(row).toMatchObject({ workspace_id: 'ws-demo', user_id: null, deleted: false });
    expect(Number(row!.rev)).toBe(await demoWorkspaceRev(t));
    expect(await liveTeams(memberId)).toEqual(['team-demo-claims', 'team-demo-field']);
  });

  it('an e-mail already used by a live member (case aside) is 409 with a message, and nothing is written', async () => {
    const before = await demoWorkspaceRev(t);
    const created = await call('POST', '/humans', admin, { name: 'Copy', email: 'SAM.PATEL@demo.local' });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toMatchObject({ code: 'email-taken', message: 'A member with this e-mail already exists' });
    const patched = await call('PATCH', `/v2/human/${memberId}`, admin, { name: 'Ana Ruiz', email: 'lena.fischer@demo.local' });
    expect(patched.statusCode).toBe(409);
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect((await memberRow(memberId))?.email).toBe('ana.ruiz@demo.local');
  });

  it('GET /humans lists every member for the admin; a NORMAL user sees only their teams’ members and the teams they share', async () => {
    const all = (await call('GET', '/humans', admin)).json<Human[]>();
    expect(all.map((h) => h.id)).toEqual(expect.arrayContaining(['mbr-demo-ada', 'mbr-demo-lena', memberId]));
    expect(all.find((h) => h.id === 'mbr-demo-lena')).toEqual({ id: 'mbr-demo-lena', human_id: 'mbr-demo-lena', name: 'Lena Fischer', email: 'lena.fischer@demo.local', slackLink: 'https://slack.example.com/team/lena', teams: ['team-demo-back-office'] });
    const seen = (await call('GET', '/humans', agent)).json<Human[]>();
    expect(seen.map((h) => h.id)).not.toContain('mbr-demo-lena');
    expect(seen.find((h) => h.id === 'mbr-demo-maria')?.teams).toEqual(['team-demo-claims']);
    expect(all.some((h) => h.name.includes('SECRET-OTHER'))).toBe(false);
  });

  it('GET /humans/{email}/human finds the member by e-mail, case aside; one outside the caller’s teams is 404', async () => {
    const found = await call('GET', '/humans/Sam.Patel@demo.local/human', admin);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id: 'mbr-demo-sam', name: 'Sam Patel', teams: ['team-demo-field'] });
    expect((await call('GET', '/humans/lena.fischer@demo.local/human', agent)).statusCode).toBe(404);
    expect((await call('GET', '/humans/nobody@demo.local/human', admin)).json()).toMatchObject({ code: 'not-found', message: 'Member not found' });
  });

  it('GET /humans/{id}/human-groups answers the member’s teams as team views', async () => {
    const response = await call('GET', `/humans/${memberId}/human-groups`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const teams = response.json<Array<{ id: string; name: string; humans: string[] }>>();
    expect(teams.map((team) => team.name)).toEqual(['Claims Desk', 'Field Support']);
    expect(teams[0]!.humans).toContain(memberId);
  });

  it('PATCH /v2/human/{id} answers result "updated"; teams given become exactly the member’s teams', async () => {
    const response = await call('PATCH', `/v2/human/${memberId}`, admin, { name: 'Ana Ruiz López', email: 'ana.ruiz@demo.local', slackLink: 'https://slack.example.com/team/ana', teams: ['team-demo-back-office', 'team-demo-field'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 'updated', human: { id: memberId, human_id: memberId, name: 'Ana Ruiz López', email: 'ana.ruiz@demo.local', slackLink: 'https://slack.example.com/team/ana', teams: ['team-demo-back-office', 'team-demo-field'] } });
    expect(await liveTeams(memberId)).toEqual(['team-demo-back-office', 'team-demo-field']);
    const withoutTeams = await call('PATCH', `/v2/human/${memberId}`, admin, { name: 'Ana Ruiz', email: 'ana.ruiz@demo.local' });
    expect(withoutTeams.json()).toMatchObject({ result: 'updated', human: { slackLink: null, teams: ['team-demo-back-office', 'team-demo-field'] } });
  });

  it('DELETE /v2/human/{id} tombstones the member and its links; again is still a success; a member with an account is 409', async () => {
    const response = await call('DELETE', `/v2/human/${memberId}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 'deleted', id: memberId });
    const row = await memberRow(memberId);
    expect(row).toMatchObject({ deleted: true });
    expect(Number(row!.rev)).toBe(await demoWorkspaceRev(t));
    expect(await liveTeams(memberId)).toEqual([]);
    expect((await call('DELETE', `/v2/human/${memberId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/humans', admin)).json<Human[]>().map((h) => h.id)).not.toContain(memberId);
    // The e-mail of a deleted member is free again.
    expect((await call('POST', '/humans', admin, { name: 'Ana again', email: 'ana.ruiz@demo.local' })).statusCode).toBe(201);

    const before = await demoWorkspaceRev(t);
    const linked = await call('DELETE', '/v2/human/mbr-demo-nico', admin);
    expect(linked.statusCode).toBe(409);
    expect(linked.json()).toMatchObject({ code: 'member-has-user', message: 'This member is linked to a user account and cannot be deleted' });
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect(await liveTeams('mbr-demo-nico')).toEqual(['team-demo-claims', 'team-demo-field']);
  });

  describe('authorization', () => {
    const lena = { name: 'Lena Fischer', email: 'lena.fischer@demo.local', slackLink: 'https://slack.example.com/team/lena', teams: ['team-demo-back-office'] };
    const calls = {
      list: { method: 'GET', url: '/humans', body: undefined },
      create: { method: 'POST', url: '/humans', body: { name: 'Sneaky', email: 'sneaky@demo.local', teams: ['team-demo-claims'] } },
      byEmail: { method: 'GET', url: '/humans/maria.lopez@demo.local/human', body: undefined },
      teams: { method: 'GET', url: '/humans/mbr-demo-maria/human-groups', body: undefined },
      update: { method: 'PATCH', url: '/v2/human/mbr-demo-lena', body: { ...lena, name: 'Sneaky rename' } },
      delete: { method: 'DELETE', url: '/v2/human/mbr-demo-sam', body: undefined },
    } as const;
    const who = (role: string): Headers => (role === 'ADMIN' ? admin : role === 'NORMAL' ? agent : role === 'other ADMIN' ? other.admin.headers : {});
    const cases = [
      ['list', 200, 200, 200],
      // The body names a demo team, which another workspace cannot see.
      ['create', 201, 403, 404],
      ['byEmail', 200, 200, 404],
      ['teams', 200, 200, 404],
      ['update', 200, 403, 404],
      ['delete', 200, 403, 404],
    ] as const;

    it.each(cases.flatMap(([name, _asAdmin, asAgent, asOther]) => [[name, 'NORMAL', asAgent], [name, 'no token', 401], [name, 'other ADMIN', asOther]] as const))(
      '%s as %s → %i, and the demo members are untouched',
      async (name, role, status) => {
        const demoBefore = await demoWorkspaceRev(t);
        const lenaBefore = await memberRow('mbr-demo-lena');
        const samBefore = await memberRow('mbr-demo-sam');
        const { method, url, body } = calls[name];
        const response = await call(method, url, who(role), body);
        expect(response.statusCode, response.body).toBe(status);
        if (status >= 400) expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
        if (status === 404) expect(response.json<{ message: string }>().message).toMatch(/^(Member|Team) not found$/);
        expect(await demoWorkspaceRev(t)).toBe(demoBefore);
        if (name === 'list' && role === 'other ADMIN') expect(response.json<Human[]>().some((h) => h.id.startsWith('mbr-demo-'))).toBe(false);
        expect(await memberRow('mbr-demo-lena')).toEqual(lenaBefore);
        expect(await memberRow('mbr-demo-sam')).toEqual(samBefore);
      },
    );

    it.each(cases.map(([name, asAdmin]) => [name, asAdmin] as const))('%s as the ADMIN → %i', async (name, status) => {
      const { method, url, body } = calls[name];
      const response = await call(method, url, admin, name === 'update' ? lena : name === 'create' ? { ...body, email: `made-${Date.now()}@demo.local` } : body);
      expect(response.statusCode, response.body).toBe(status);
    });

    it("another workspace's ADMIN cannot put their member in a demo team", async () => {
      const before = await otherRev();
      const response = await call('PATCH', '/v2/human/mbr-other-otto', other.admin.headers, { name: 'Otto', email: 'otto@other.example', teams: ['team-demo-claims'] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Team not found' });
      expect(await otherRev()).toBe(before);
    });
  });

  describe('bad input', () => {
    const valid = { name: 'Valid name', email: 'valid@demo.local', slackLink: null, teams: ['team-demo-claims'] };
    it.each([
      ['a missing name', { ...valid, name: undefined }],
      ['an empty name', { ...valid, name: '   ' }],
      ['a name of 101 characters', { ...valid, name: 'x'.repeat(101) }],
      ['a missing e-mail', { ...valid, email: undefined }],
      ['a malformed e-mail', { ...valid, email: 'not-an-address' }],
      ['a NUL in the name', { ...valid, name: 'bad\u0000name' }],
      ['a Slack value with spaces', { ...valid, slackLink: 'not a slack id' }],
      ['a script as Slack link', { ...valid, slackLink: 'javascript:alert(1)' }],
      ['teams that are not a list', { ...valid, teams: 'team-demo-claims' }],
      ['a malformed team id', { ...valid, teams: ['../x'] }],
      ['a malformed id', { ...valid, id: 'a b' }],
    ])('%s → 400 with a message, nothing written (POST and PATCH)', async (_label, body) => {
      const before = await demoWorkspaceRev(t);
      const lenaBefore = await memberRow('mbr-demo-lena');
      for (const [method, url] of [
        ['POST', '/humans'],
        ['PATCH', '/v2/human/mbr-demo-lena'],
      ] as const) {
        const response = await call(method, url, admin, body);
        expect(response.statusCode, `${method} ${response.body}`).toBe(400);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      }
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect(await memberRow('mbr-demo-lena')).toEqual(lenaBefore);
    });

    it('an unknown team → 404, and neither the member nor any link is written', async () => {
      const before = await demoWorkspaceRev(t);
      const created = await call('POST', '/humans', admin, { ...valid, id: 'mbr-rest-rolled-back', teams: ['team-demo-claims', 'team-nowhere'] });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toMatchObject({ message: 'Team not found' });
      expect(await memberRow('mbr-rest-rolled-back')).toBeUndefined();
      expect(await demoWorkspaceRev(t)).toBe(before);
    });

    it("a missing e-mail says 'Required', as the member form does", async () => {
      const response = await call('POST', '/humans', admin, { name: 'No mail' });
      expect(response.json()).toMatchObject({ code: 'invalid-request', message: 'Invalid body: email: Required' });
    });
  });
});
