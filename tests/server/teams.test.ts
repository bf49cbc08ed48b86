import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type TeamBody = { id: string; name: string; humans: string[]; [key: string]: unknown };

/** Part 1 §7 /human-groups: teams over REST, with the same services as the team.* mutations. */
describe.each(backends)('teams over REST (/human-groups) on %s', (backend) => {
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

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const teamRow = (id: string) => t.handle.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  const liveLinks = async (teamId: string) =>
    (await t.handle.db.selectFrom('team_members').select(['id', 'member_id']).where('team_id', '=', teamId).where('deleted', '=', false).orderBy('member_id').execute()).map((l) => [
      l.member_id,
      l.id,
    ]);
  const otherRev = async () => Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', other.workspaceId).executeTakeFirstOrThrow()).rev);

  const payload = {
    name: '  Escalations  ',
    engine: { id: 'eng-demo-main' },
    lightIndicator: { yellow: '', red: 120 },
    notifyChannels: 'slack, sms',
    humans: ['mbr-demo-sam', 'mbr-demo-lena', 'mbr-demo-sam'],
    webhookEmail: 'escalations@demo.local',
    tokEmail: 'tok-email-1',
    color: 'color2',
    slackLink: 'https://slack.example.com/archives/escalations',
  };
  let teamId = '';

  it('POST /human-groups answers 201 with the team view; thresholds and channels are normalised, the humans linked', async () => {
    const response = await call('POST', '/human-groups', admin, payload);
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<TeamBody>();
    teamId = view.id;
    expect(teamId).toMatch(/^team-[0-9a-f-]{36}$/);
    expect(view).toEqual({
      id: teamId,
      name: 'Escalations',
      engine: { id: 'eng-demo-main' },
      lightIndicator: { yellow: 50, red: 75 },
      notifyChannels: 'sms,slack',
      humans: ['mbr-demo-lena', 'mbr-demo-sam'],
      webhookEmail: 'escalations@demo.local',
      tokEmail: 'tok-email-1',
      tokSlack: null,
      slackLink: 'https://slack.example.com/archives/escalations',
      color: 'color2',
      colorTeam: 'color2',
      isActive: true,
    });
    const row = await teamRow(teamId);
    expect(row).toMatchObject({ workspace_id: 'ws-demo', light_yellow: 50, light_red: 75, notify_channels: 'sms,slack', tok_email: 'tok-email-1' });
    expect(Number(row!.rev)).toBe(await demoWorkspaceRev(t));
    const links = await liveLinks(teamId);
    expect(links.map(([member]) => member)).toEqual(['mbr-demo-lena', 'mbr-demo-sam']);
    expect(links.every(([, id]) => /^tml-[0-9a-f-]{36}$/.test(id!))).toBe(true);
  });

  it('POST with the client id and the channels as a list; the same id again is 409', async () => {
    const id = 'team-rest-client-id';
    const created = await call('POST', '/human-groups', admin, { id, name: 'Client id', engine: null, notifyChannels: ['email', 'phone'], humans: [], color: 'color6' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, engine: null, notifyChannels: 'phone,email', lightIndicator: { yellow: 50, red: 75 }, humans: [], webhookEmail: null, slackLink: null });
    const again = await call('POST', '/human-groups', admin, { id, name: 'Client id', color: 'color6' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already-exists' });
  });

  it('GET /human-groups/{id} answers the view; a NORMAL user outside the team gets it without the private fields or members', async () => {
    const asAdmin = await call('GET', `/human-groups/${teamId}`, admin);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json()).toMatchObject({ id: teamId, name: 'Escalations', humans: ['mbr-demo-lena', 'mbr-demo-sam'], tokEmail: 'tok-email-1' });
    const asAgent = await call('GET', `/human-groups/${teamId}`, agent);
    expect(asAgent.statusCode, asAgent.body).toBe(200);
    expect(asAgent.json()).toMatchObject({ id: teamId, name: 'Escalations', humans: [], tokEmail: null, tokSlack: null, webhookEmail: null });
    const claims = await call('GET', '/human-groups/team-demo-claims', agent);
    expect(claims.json()).toMatchObject({ name: 'Claims Desk', humans: ['mbr-demo-ada', 'mbr-demo-maria', 'mbr-demo-nico'], webhookEmail: null });
  });

  it('PATCH /human-groups/{id} is a whole update; humans given become exactly the membership, kept links stay', async () => {
    const lenaLink = (await liveLinks(teamId)).find(([member]) => member === 'mbr-demo-lena')![1];
    const response = await call('PATCH', `/human-groups/${teamId}`, admin, {
      name: 'Escalations 2',
      engine: { id: 'eng-demo-sandbox' },
      lightIndicator: { yellow: 30, red: 60 },
      notifyChannels: [],
      humans: ['mbr-demo-omar', 'mbr-demo-lena'],
      color: 'color3',
      tokSlack: 'tok-slack-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Escalations 2',
      engine: { id: 'eng-demo-sandbox' },
      lightIndicator: { yellow: 30, red: 60 },
      notifyChannels: '',
      humans: ['mbr-demo-lena', 'mbr-demo-omar'],
      webhookEmail: null,
      slackLink: null,
      tokEmail: 'tok-email-1',
      tokSlack: 'tok-slack-1',
      color: 'color3',
    });
    const links = await liveLinks(teamId);
    expect(links.map(([member]) => member)).toEqual(['mbr-demo-lena', 'mbr-demo-omar']);
    expect(links[0]![1]).toBe(lenaLink);
    expect(links[1]![1]).toMatch(/^tml-[0-9a-f-]{36}$/);
    const samLink = await t.handle.db.selectFrom('team_members').select(['deleted', 'rev']).where('team_id', '=', teamId).where('member_id', '=', 'mbr-demo-sam').executeTakeFirstOrThrow();
    expect(samLink.deleted).toBe(true);
    expect(Number(samLink.rev)).toBe(await demoWorkspaceRev(t));

    const withoutHumans = await call('PATCH', `/human-groups/${teamId}`, admin, { name: 'Escalations 3', color: 'color3' });
    expect(withoutHumans.statusCode, withoutHumans.body).toBe(200);
    expect(withoutHumans.json()).toMatchObject({ name: 'Escalations 3', engine: null, lightIndicator: { yellow: 50, red: 75 }, humans: ['mbr-demo-lena', 'mbr-demo-omar'] });
    expect(await liveLinks(teamId)).toEqual(links);
  });

  it('GET /human-groups/{id}/humans lists the members with every team they are in', async () => {
    const response = await call('GET', `/human-groups/${teamId}/humans`, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual([
      { id: 'mbr-demo-lena', human_id: 'mbr-demo-lena', name: 'Lena Fischer', email: 'lena.fischer@demo.local', slackLink: 'https://slack.example.com/team/lena', teams: ['team-demo-back-office', teamId].sort() },
      { id: 'mbr-demo-omar', human_id: 'mbr-demo-omar', name: 'Omar Haddad', email: 'omar.haddad@demo.local', slackLink: 'https://slack.example.com/team/omar', teams: ['team-demo-field', teamId].sort() },
    ]);
  });

  it("a NORMAL user lists the humans of their own team (with only the teams they share), not of another team's", async () => {
    const own = await call('GET', '/human-groups/team-demo-claims/humans', agent);
    expect(own.statusCode, own.body).toBe(200);
    const nico = own.json<Array<{ id: string; teams: string[] }>>().find((h) => h.id === 'mbr-demo-nico');
    expect(nico?.teams).toEqual(['team-demo-claims', 'team-demo-field']);
    const maria = own.json<Array<{ id: string; teams: string[] }>>().find((h) => h.id === 'mbr-demo-maria');
    expect(maria?.teams).toEqual(['team-demo-claims']);
    const foreign = await call('GET', '/human-groups/team-demo-back-office/humans', agent);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden' });
  });

  describe('authorization', () => {
    const claimsPayload = {
      name: 'Claims Desk',
      engine: { id: 'eng-demo-main' },
      lightIndicator: { yellow: 50, red: 75 },
      notifyChannels: 'email,slack',
      humans: ['mbr-demo-ada', 'mbr-demo-nico', 'mbr-demo-maria'],
      webhookEmail: 'claims-desk@demo.local',
      color: 'color1',
      slackLink: 'https://slack.example.com/archives/claims-desk',
    };
    const calls = {
      create: { method: 'POST', url: '/human-groups', body: { ...claimsPayload, name: 'Sneaky team' } },
      read: { method: 'GET', url: '/human-groups/team-demo-claims', body: undefined },
      update: { method: 'PATCH', url: '/human-groups/team-demo-claims', body: { ...claimsPayload, name: 'Sneaky rename' } },
      humans: { method: 'GET', url: '/human-groups/team-demo-claims/humans', body: undefined },
    } as const;
    const who = (role: string): Headers => (role === 'ADMIN' ? admin : role === 'NORMAL' ? agent : role === 'other ADMIN' ? other.admin.headers : {});

    it.each([
      ['create', 'ADMIN', 201],
      ['create', 'NORMAL', 403],
      ['create', 'no token', 401],
      ['create', 'other ADMIN', 404],
      ['read', 'ADMIN', 200],
      ['read', 'NORMAL', 200],
      ['read', 'no token', 401],
      ['read', 'other ADMIN', 404],
      ['update', 'ADMIN', 200],
      ['update', 'NORMAL', 403],
      ['update', 'no token', 401],
      ['update', 'other ADMIN', 404],
      ['humans', 'ADMIN', 200],
      ['humans', 'NORMAL', 200],
      ['humans', 'no token', 401],
      ['humans', 'other ADMIN', 404],
    ] as const)('%s as %s → %i', async (name, role, status) => {
      const demoBefore = await demoWorkspaceRev(t);
      const otherBefore = await otherRev();
      const claimsBefore = await teamRow('team-demo-claims');
      const linksBefore = await liveLinks('team-demo-claims');
      // The admin's update sends the team as it is, so the demo team keeps its values for the other cases.
      const { method, url, body } = calls[name];
      const response = await call(method, url, who(role), name === 'update' && role === 'ADMIN' ? claimsPayload : body);
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) {
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
        expect(await demoWorkspaceRev(t)).toBe(demoBefore);
        expect(await otherRev()).toBe(otherBefore);
      }
      if (status === 404) expect(response.json<{ message: string }>().message).toMatch(/^(Team|Engine) not found$/);
      expect(await teamRow('team-demo-claims')).toMatchObject({ name: 'Claims Desk', webhook_email: 'claims-desk@demo.local', deleted: false });
      if (!(name === 'update' && role === 'ADMIN')) expect(await teamRow('team-demo-claims')).toEqual(claimsBefore);
      expect(await liveLinks('team-demo-claims')).toEqual(linksBefore);
    });

    it("another workspace's ADMIN cannot link the demo members to a team of theirs, nor read their own team through another's id", async () => {
      const before = await otherRev();
      const response = await call('POST', '/human-groups', other.admin.headers, { name: 'Poach', humans: ['mbr-demo-ada'], color: 'color1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not-found', message: 'Member not found' });
      expect(await otherRev()).toBe(before);
      expect((await call('PATCH', `/human-groups/${other.ids.team}`, admin, { name: 'Mine', color: 'color1' })).statusCode).toBe(404);
      expect((await call('GET', `/human-groups/${other.ids.team}/humans`, admin)).statusCode).toBe(404);
      expect((await call('GET', `/human-groups/${other.ids.team}`, other.admin.headers)).statusCode).toBe(200);
    });
  });

  describe('bad input', () => {
    const valid = { name: 'Valid name', color: 'color1', engine: null, humans: ['mbr-demo-lena'] };
    it.each([
      ['a missing name', { ...valid, name: undefined }],
      ['an empty name', { ...valid, name: '   ' }],
      ['a name of 101 characters', { ...valid, name: 'x'.repeat(101) }],
      ['an unknown colour', { ...valid, color: 'purple' }],
      ['a NUL in the name', { ...valid, name: 'bad\u0000name' }],
      ['an unknown channel', { ...valid, notifyChannels: 'sms,fax' }],
      ['a malformed e-mail', { ...valid, webhookEmail: 'not-an-address' }],
      ['humans that are not a list', { ...valid, humans: 'mbr-demo-lena' }],
      ['a malformed engine', { ...valid, engine: { id: '../x' } }],
      ['a malformed id', { ...valid, id: 'a b' }],
    ])('%s → 400 with a message, nothing written (POST and PATCH)', async (_label, body) => {
      const before = await demoWorkspaceRev(t);
      const teamBefore = await teamRow(teamId);
      const linksBefore = await liveLinks(teamId);
      for (const [method, url] of [
        ['POST', '/human-groups'],
        ['PATCH', `/human-groups/${teamId}`],
      ] as const) {
        const response = await call(method, url, admin, body);
        expect(response.statusCode, `${method} ${response.body}`).toBe(400);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      }
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect(await teamRow(teamId)).toEqual(teamBefore);
      expect(await liveLinks(teamId)).toEqual(linksBefore);
    });

    it('an unknown human → 404, and neither the team nor any link is written', async () => {
      const before = await demoWorkspaceRev(t);
      const created = await call('POST', '/human-groups', admin, { ...valid, id: 'team-rest-rolled-back', humans: ['mbr-demo-lena', 'mbr-nobody'] });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toMatchObject({ message: 'Member not found' });
      expect(await teamRow('team-rest-rolled-back')).toBeUndefined();
      const linksBefore = await liveLinks(teamId);
      const patched = await call('PATCH', `/human-groups/${teamId}`, admin, { ...valid, humans: ['mbr-nobody'] });
      expect(patched.statusCode).toBe(404);
      expect(await liveLinks(teamId)).toEqual(linksBefore);
      expect(await demoWorkspaceRev(t)).toBe(before);
    });

    it("a missing name says 'Required', as the team form does", async () => {
      const response = await call('POST', '/human-groups', admin, { color: 'color1' });
      expect(response.json()).toMatchObject({ code: 'invalid-request', message: 'Invalid body: name: Required' });
    });
  });
});
