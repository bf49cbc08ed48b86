import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.ts';
import { DEMO_WEBHOOK } from '../../../server/db/seed/demoDefinitions.ts';

/** Real ids of the seeded workspace, so fuzzed requests reach the services and not only the 404s. */
export type FuzzContext = {
  admin: string;
  agent: string;
  workspace: string;
  tickets: string[];
  app: string;
  event: string;
  webhook: string;
  webhookToken: string;
  instance: string;
  stage: string;
  flow: string;
  case: string;
  file: string;
  team: string;
  otherTeam: string;
  engine: string;
  calendar: string;
  caseType: string;
};

export async function loadFuzzContext(db: Kysely<Database>, file: string): Promise<FuzzContext> {
  const tickets = await db.selectFrom('tickets').select('id').where('state', '=', 'open').orderBy('id').limit(6).execute();
  const instance = (await db.selectFrom('instances').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const aCase = (await db.selectFrom('cases').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const stage = await db.selectFrom('instance_stages').select('id').where('instance_id', '=', instance).executeTakeFirst();
  return {
    admin: 'usr-demo-admin',
    agent: 'usr-demo-agent',
    workspace: 'ws-demo',
    tickets: tickets.map((t) => t.id),
    app: 'app-demo-claims',
    event: 'evt-demo-claims-daily',
    webhook: DEMO_WEBHOOK.id,
    webhookToken: DEMO_WEBHOOK.token,
    instance,
    stage: stage?.id ?? `${instance}-s0`,
    flow: 'flow-demo-claims',
    case: aCase,
    file,
    team: 'team-demo-claims',
    otherTeam: 'team-demo-field',
    engine: 'eng-demo-main',
    calendar: 'cal-demo-mx',
    caseType: 'ct-demo-claim',
  };
}

export type RouteTemplate = {
  /** Valid values for each path parameter (the fuzzer also sends hostile ones). */
  params?: (c: FuzzContext) => Record<string, string[]>;
  query?: (c: FuzzContext) => Record<string, unknown>;
  body?: (c: FuzzContext) => unknown;
  multipart?: true;
  /** Never fuzzed: it holds the connection open (tested on its own). */
  skip?: true;
};

const pick = <T>(list: T[]) => list;
const ticketParams = (c: FuzzContext) => ({ id: pick(c.tickets) });

/** A plausible request for every route of the app; the fuzzer bends one part of it at a time. */
export const ROUTE_TEMPLATES: Record<string, RouteTemplate> = {
  'OPTIONS *': {},
  'GET /status': {},
  'POST /token': { query: () => ({ grant_type: 'password' }), body: () => ({ username: 'admin@demo.local', password: 'f'.repeat(64) }) },
  'POST /auth/recovery': { body: () => ({ email: 'nobody@demo.local' }) },
  'POST /auth/reset': { body: () => ({ token: 'x'.repeat(40), newPassword: 'a'.repeat(64) }) },
  'POST /auth/logout': {},
  'POST /auth/password': { body: (c) => ({ userId: c.agent, currentPassword: 'b'.repeat(64), newPassword: 'c'.repeat(64) }) },
  'GET /users/:id': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'GET /users/:id/workspaces': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'GET /workspaces/:id': { params: (c) => ({ id: [c.workspace] }) },
  'GET /sync/pull': { query: (c) => ({ collection: 'tickets', limit: 50, checkpoint: JSON.stringify({ rev: 0, id: '', v: 'x' }), scope: `case:${c.case}` }) },
  'POST /sync/docs': { body: (c) => ({ collection: 'tickets', ids: c.tickets.slice(0, 2) }) },
  'POST /sync/mutations': {},
  'GET /sync/stream': { skip: true },
  'POST /apps': { body: (c) => ({ name: 'Fuzzed app', description: 'An app', engine: { id: c.engine }, calendar: { id: c.calendar } }) },
  'GET /apps/:id': { params: (c) => ({ id: [c.app] }) },
  'PATCH /apps/:id': { params: (c) => ({ id: [c.app] }), body: () => ({ description: 'Changed', isActive: true }) },
  'DELETE /apps/:id': { params: () => ({ id: ['app-does-not-exist'] }) },
  'GET /apps/:id/instances': { params: (c) => ({ id: [c.app] }), query: () => ({ status: 'RUNNING,DONE', startDate: '2026-01-01', endDate: '2026-12-31', limit: 10, offset: 0 }) },
  'GET /apps/:id/instances/:instanceId/stages': { params: (c) => ({ id: [c.app], instanceId: [c.instance] }) },
  'GET /apps/:id/instances/:instanceId/stages/:stageId': { params: (c) => ({ id: [c.app], instanceId: [c.instance], stageId: [c.stage] }) },
  'GET /instances/:id': { params: (c) => ({ id: [c.instance] }) },
  'GET /instances/:id/values': { params: (c) => ({ id: [c.instance] }) },
  'POST /instances/:id/retry': { params: (c) => ({ id: [c.instance] }), body: () => ({ from: 'failed' }) },
  'GET /apps/:id/events': { params: (c) => ({ id: [c.app] }) },
  'POST /events': { body: (c) => ({ appId: c.app, name: 'Fuzzed event', rules: '0 9 * * 1-5', calendar: { id: c.calendar } }) },
  'GET /events/:id': { params: (c) => ({ id: [c.event] }) },
  'PATCH /events/:id': { params: (c) => ({ id: [c.event] }), body: () => ({ description: 'Changed' }) },
  'PATCH /apps/:id/events/:eventId': { params: (c) => ({ id: [c.app], eventId: [c.event] }), body: () => ({ name: 'Renamed' }) },
  'DELETE /apps/:id/events/:eventId': { params: (c) => ({ id: [c.app], eventId: ['evt-does-not-exist'] }) },
  'POST /webhooks/generateUrl': { body: () => ({ name: 'Fuzzed hook' }) },
  'POST /webhooks/generateToken': { body: () => ({ username: 'admin', password: 'passphrase' }) },
  'POST /webhooks': { body: () => ({ name: 'Fuzzed hook', token: 't'.repeat(32) }) },
  'PATCH /webhooks/:id': { params: (c) => ({ id: [c.webhook] }), body: () => ({ description: 'Changed' }) },
  'POST /flowmanager/flows/all': { body: (c) => ({ creator: c.admin, all: false }) },
  'GET /flowmanager/flows': {},
  'POST /flowmanager/flows': { body: (c) => ({ name: 'Fuzzed flow', description: 'A flow', WS: c.workspace }) },
  'GET /flowmanager/flows/:id': { params: (c) => ({ id: [c.flow] }) },
  'PATCH /flowmanager/flows/:id': { params: (c) => ({ id: [c.flow] }), body: (c) => ({ description: 'Changed', wsId: c.workspace }) },
  'GET /flowrouter/flows': {},
  'POST /flowtimer/calendar/names': {},
  'POST /hooks/:webhookId': { params: (c) => ({ webhookId: [c.webhook] }), body: () => ({ customer: 'Ana', amount: 12 }) },
  'POST /human-groups': { body: (c) => ({ name: 'Fuzzed team', engine: { id: c.engine }, lightIndicator: { yellow: 40, red: 70 }, notifyChannels: 'email', humans: [], color: 'color2' }) },
  'GET /human-groups/:id': { params: (c) => ({ id: [c.team, c.otherTeam] }) },
  'PATCH /human-groups/:id': { params: (c) => ({ id: [c.otherTeam] }), body: (c) => ({ name: 'Field Support', engine: { id: c.engine }, lightIndicator: { yellow: 40, red: 70 }, color: 'color3' }) },
  'GET /human-groups/:id/humans': { params: (c) => ({ id: [c.team, c.otherTeam] }) },
  'GET /humans': {},
  'POST /humans': { body: (c) => ({ name: 'Fuzzed member', email: `fuzz-${randomUUID()}@demo.local`, slackLink: 'U0FUZZ123', teams: [c.team] }) },
  'GET /humans/:email/human': { params: () => ({ email: ['sam.patel@demo.local', 'nobody@demo.local'] }) },
  'GET /humans/:id/human-groups': { params: () => ({ id: ['mbr-demo-sam', 'mbr-demo-nico'] }) },
  'PATCH /v2/human/:id': { params: () => ({ id: ['mbr-demo-lena'] }), body: (c) => ({ name: 'Lena Fischer', email: 'lena.fischer@demo.local', slackLink: 'https://slack.example.com/team/lena', teams: [c.otherTeam] }) },
  'DELETE /v2/human/:id': { params: () => ({ id: ['mbr-does-not-exist'] }) },
  'GET /cors-origins': {},
  'GET /cors-origins/workspace': {},
  'POST /cors-origins': { body: () => ({ origin: `https://${randomUUID()}.fuzz.example`, description: 'Fuzzed origin' }) },
  'PATCH /cors-origins/:id': { params: () => ({ id: ['cors-does-not-exist'] }), body: () => ({ origin: 'https://fuzz.example', description: 'Changed', active: true }) },
  'DELETE /cors-origins/:id': { params: () => ({ id: ['cors-does-not-exist'] }) },
  'POST /humaninterface/hicase/searchbygroup': { body: (c) => ({ group_id: c.team, all: false }) },
  'POST /humaninterface/hicase/searchbyuser': { body: () => ({ all: true }) },
  'POST /humaninterface/hicase/searchbyid': { body: (c) => ({ case_id: c.tickets[0] }) },
  'POST /humaninterface/hicase/lock': { body: (c) => ({ case_id: c.tickets[1] }) },
  'POST /humaninterface/hicase/unlock': { body: (c) => ({ case_id: c.tickets[1] }) },
  'POST /humaninterface/hicase/savedata': { body: (c) => ({ case_id: c.tickets[1], data: { amount: 10 } }) },
  'POST /humaninterface/hicase/setstatus': { body: (c) => ({ case_id: c.tickets[2], data: {}, accepted: true }) },
  'PATCH /tickets/:id': { params: ticketParams, body: (c) => ({ operators_group: c.team }) },
  'POST /cases/:id/files': { params: (c) => ({ id: [c.case] }), multipart: true },
  'GET /cases/:id/files': { params: (c) => ({ id: [c.case] }), query: () => ({ pageSize: 6, since: 1 }) },
  'GET /cases/:caseId/files/:fileId': { params: (c) => ({ caseId: [c.case], fileId: [c.file] }) },
};

/** A valid argument object for every mutation name, made fresh for each use (ids that create must be new). */
export const MUTATION_TEMPLATES: Record<string, (c: FuzzContext) => unknown> = {
  'ticket.claim': (c) => ({ ticketId: c.tickets[3] }),
  'ticket.release': (c) => ({ ticketId: c.tickets[3] }),
  'ticket.saveData': (c) => ({ ticketId: c.tickets[3], data: { note: 'hello' } }),
  'ticket.resolve': (c) => ({ ticketId: c.tickets[4], data: {} }),
  'ticket.cancel': (c) => ({ ticketId: c.tickets[5] }),
  'ticket.reassign': (c) => ({ ticketId: c.tickets[3], teamId: c.otherTeam }),
  'ticket.addNote': (c) => ({ ticketId: c.tickets[0], noteId: randomUUID(), title: 'Call', description: 'Called the customer', details: '' }),
  'ticket.create': (c) => ({
    ticketId: `tkt-${randomUUID()}`,
    status: 'unassigned',
    description: 'Fuzzed ticket',
    dueAt: Date.now() + 86_400_000,
    createdAt: Date.now(),
    teamId: c.team,
    assigneeMemberId: null,
    caseId: null,
  }),
  'ticket.update': (c) => ({ ticketId: c.tickets[0], status: 'unassigned', description: 'Updated', dueAt: Date.now() + 86_400_000, teamId: c.team, assigneeMemberId: null }),
  'user.setLanguage': () => ({ language: 'es' }),
  'app.create': (c) => ({ id: `app-${randomUUID()}`, flowId: `flow-${randomUUID()}`, name: 'Fuzzed', description: 'An app', engine: { id: c.engine } }),
  'app.update': (c) => ({ id: c.app, description: 'Changed by a mutation' }),
  'app.delete': () => ({ id: 'app-does-not-exist' }),
  'app.setActive': (c) => ({ id: c.app, isActive: true }),
  'event.create': (c) => ({ id: `evt-${randomUUID()}`, appId: c.app, name: 'Fuzzed', rules: '0 9 * * *', calendar: { id: c.calendar } }),
  'event.update': (c) => ({ id: c.event, description: 'Changed by a mutation' }),
  'event.delete': () => ({ id: 'evt-does-not-exist' }),
  'event.setActive': (c) => ({ id: c.event, isActive: true }),
  'instance.retry': (c) => ({ id: c.instance, from: 'failed' }),
  'case.uploadFile': (c) => ({ caseId: c.case, fileId: c.file, name: 'photo.png', type: 'image/png', size: 4, makePublic: false }),
  'case.create': (c) => ({ caseId: `case-${randomUUID()}`, caseTypeId: c.caseType, description: 'Fuzzed case' }),
  'team.create': (c) => ({ teamId: `team-${randomUUID()}`, name: 'Fuzzed team', engineId: c.engine, lightYellow: 40, lightRed: 70, notifyChannels: ['email'] }),
  'team.update': (c) => ({ teamId: c.otherTeam, name: 'Field Support', engineId: c.engine, color: 'color3', lightYellow: 40, lightRed: 70 }),
  'team.addMember': (c) => ({ teamId: c.otherTeam, memberId: 'mbr-demo-maria', linkId: `tml-${randomUUID()}` }),
  'team.removeMember': (c) => ({ teamId: c.otherTeam, linkId: 'tml-does-not-exist' }),
  'member.create': () => ({ memberId: `mbr-${randomUUID()}`, name: 'Fuzzed member', email: `fuzz-${randomUUID()}@demo.local`, slackLink: null }),
  'member.update': () => ({ memberId: 'mbr-demo-lena', name: 'Lena Fischer', email: 'lena.fischer@demo.local', slackLink: 'https://slack.example.com/team/lena' }),
  'member.delete': () => ({ memberId: 'mbr-does-not-exist', linkIds: [] }),
  'cors.create': () => ({ id: `cors-${randomUUID()}`, origin: `https://${randomUUID()}.fuzz.example`, description: 'Fuzzed origin' }),
  'cors.update': () => ({ id: 'cors-does-not-exist', origin: 'https://fuzz.example', description: null, active: true }),
  'cors.delete': () => ({ id: 'cors-does-not-exist' }),
};
