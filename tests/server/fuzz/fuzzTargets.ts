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
  caseState: string;
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
    caseState: 'cst-demo-claim-received',
  };
}

export type RouteTemplate = {
  /** Valid values for each path parameter (the fuzzer also sends hostile ones). */
  params?: (c: FuzzContext) => Record<string, string[]>;
  query?: (c: FuzzContext) => Record<string, unknown>;
  body?: (c: FuzzContext) => unknown;
  multipart?: true;
  /** Headers a plausible caller sends (the kiosk's id on the public form calls). */
  headers?: () => Record<string, string>;
  /** Never fuzzed: it holds the connection open (tested on its own). */
  skip?: true;
};

const pick = <T>(list: T[]) => list;
/** A new account's form, with an address no other request uses. */
const fuzzUser = () => {
  const email = `fuzz-${randomUUID()}@demo.local`;
  return { name: 'Fuzzed user', username: email, email, phone: '555 0100', role: 'NORMAL', enabledModules: ['HUMAN INTERFACE'], language: 'en', systemVisibility: false, status: 0 };
};
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
  'PATCH /workspaces/:id': { params: (c) => ({ id: [c.workspace] }), body: () => ({ externalDashboardUrl: 'https://bi.fuzz.example/d', chatLink: '+34 600 000 000' }) },
  'GET /workspaces/:id/users': { params: (c) => ({ id: [c.workspace] }) },
  'POST /users': { body: () => ({ ...fuzzUser(), engines: [{ id: 'eng-demo-main' }] }) },
  // The demo admin and agent stay as they are: other requests sign in as them.
  'PATCH /users/:id': { params: () => ({ id: ['usr-demo-inactive'] }), body: () => ({ name: 'Iris Inactive', phone: '555 0101', enabledModules: ['HUMAN INTERFACE'] }) },
  'DELETE /users/:id': { params: () => ({ id: ['usr-does-not-exist'] }) },
  'POST /users/:id/recovery': { params: () => ({ id: ['usr-demo-inactive'] }) },
  'GET /users/:id/apps': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'GET /users/:id/engines': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'GET /users/:id/human-groups': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'GET /userId/:email': { params: () => ({ email: ['agent@demo.local', 'nobody@demo.local'] }) },
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
  'GET /users/:id/apps/optimized': {
    params: (c) => ({ id: [c.admin, c.agent] }),
    query: () => ({ include_events: 'true', include_instances: 'false', include_instance_counts: 'true', use_cache: 'true' }),
  },
  'GET /workspaces/:id/apps/optimized': { params: (c) => ({ id: [c.workspace, 'ws-other'] }), query: () => ({ include_instances: 'true', use_cache: 'false' }) },
  'GET /dashboard/data/optimized': { query: (c) => ({ user_id: c.admin, workspace_id: c.workspace, use_cache: 'true' }) },
  'POST /apps/events/batch': { body: (c) => ({ app_ids: [c.app, 'app-does-not-exist'] }) },
  'POST /apps/instances/batch': { body: (c) => ({ app_ids: [c.app] }) },
  'DELETE /apps/cache/clear': {},
  'DELETE /apps/cache/users/:id': { params: (c) => ({ id: [c.admin, c.agent] }) },
  'DELETE /apps/cache/workspaces/:id': { params: (c) => ({ id: [c.workspace, 'ws-other'] }) },
  'GET /apps/cache/stats': {},
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
  // A code nobody was sent: 404 (the answered path is tested in tests/server/engine/contactAnswer.test.ts).
  'GET /flowtimer/contact/answer': { query: () => ({ code: 'Q2xpY2tlZC1ieS1hLWZ1enplci0yMDI2LTExLTIz', answer: '1' }) },
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
  'GET /workspaces/:id/humans': { params: (c) => ({ id: [c.workspace, 'ws-other'] }), query: () => ({ isDirect: 'true' }) },
  'POST /workspaces/:id/add-human': { params: (c) => ({ id: [c.workspace] }), body: () => ({ human: { id: 'mbr-demo-sam' } }) },
  'POST /workspaces/:id/remove-human': { params: (c) => ({ id: [c.workspace] }), body: () => ({ human: { id: 'mbr-does-not-exist' } }) },
  'GET /v2/cases': { query: (c) => ({ status: 'PROGRESS', caseType: c.caseType, caseId: 'demo', limit: '10', offset: '0' }) },
  'GET /cases': { query: () => ({ status: 'ALL' }) },
  'GET /cases/:id': { params: (c) => ({ id: [c.case, 'case-does-not-exist'] }) },
  'GET /cases/:id/instances': { params: (c) => ({ id: [c.case] }) },
  'GET /cases/:id/logs': { params: (c) => ({ id: [c.case] }), query: () => ({ field: 'state' }) },
  'PATCH /cases/:id': { params: (c) => ({ id: [c.case] }), body: () => ({ description: 'Changed by the fuzzer' }) },
  'GET /cases-history/:id': { params: (c) => ({ id: [c.case] }) },
  'GET /cases-notes/:id': { params: (c) => ({ id: [c.case] }) },
  'PUT /cases-notes/:id': { params: (c) => ({ id: [c.case] }), body: () => ({ notes: [{ title: 'Fuzzed', description: 'A fuzzed note', details: '' }] }) },
  'GET /cases-ws': {},
  'GET /cases-ws/:id': { params: (c) => ({ id: [c.workspace, 'ws-other'] }) },
  'GET /cors-origins': {},
  'GET /cors-origins/workspace': {},
  'POST /cors-origins': { body: () => ({ origin: `https://${randomUUID()}.fuzz.example`, description: 'Fuzzed origin' }) },
  'PATCH /cors-origins/:id': { params: () => ({ id: ['cors-does-not-exist'] }), body: () => ({ origin: 'https://fuzz.example', description: 'Changed', active: true }) },
  'DELETE /cors-origins/:id': { params: () => ({ id: ['cors-does-not-exist'] }) },
  'POST /engines': { body: (c) => ({ name: 'Fuzzed engine', description: 'An engine', isActive: true, users: [c.agent] }) },
  'GET /engines/:id': { params: (c) => ({ id: [c.engine] }) },
  'PATCH /engines/:id': { params: (c) => ({ id: [c.engine] }), body: (c) => ({ description: 'Changed', users: [c.admin, { id: c.agent }] }) },
  // The demo engines are in use (refused with 409); an unknown one is 404: neither deletes what other cases need.
  'DELETE /engines/:id': { params: (c) => ({ id: [c.engine, 'eng-does-not-exist'] }) },
  'GET /engines/:id/apps': { params: (c) => ({ id: [c.engine] }) },
  'GET /engines/:id/users': { params: (c) => ({ id: [c.engine] }) },
  'GET /workspaces/:id/engines': { params: (c) => ({ id: [c.workspace] }) },
  'POST /humaninterface/hicase/searchbygroup': { body: (c) => ({ group_id: c.team, all: false }) },
  'POST /humaninterface/hicase/searchbyuser': { body: () => ({ all: true }) },
  'POST /humaninterface/hicase/searchbyid': { body: (c) => ({ case_id: c.tickets[0] }) },
  'POST /humaninterface/hicase/lock': { body: (c) => ({ case_id: c.tickets[1] }) },
  'POST /humaninterface/hicase/unlock': { body: (c) => ({ case_id: c.tickets[1] }) },
  'POST /humaninterface/hicase/savedata': { body: (c) => ({ case_id: c.tickets[1], data: { amount: 10 } }) },
  'POST /humaninterface/hicase/setstatus': { body: (c) => ({ case_id: c.tickets[2], data: {}, accepted: true }) },
  'PATCH /tickets/:id': { params: ticketParams, body: (c) => ({ operators_group: c.team }) },
  'GET /cases-types': {},
  'POST /cases-types': { body: (c) => ({ id: `FZ-${randomUUID().slice(0, 8)}`, description: 'Fuzzed type', workspace: { id: c.workspace }, startingApp: c.app, paramsExpected: 'a/b', resultsExpected: 'c' }) },
  'GET /cases-types/:id': { params: (c) => ({ id: [c.caseType, 'CLAIM'] }) },
  'PATCH /cases-types/:id': { params: (c) => ({ id: [c.caseType] }), body: (c) => ({ id: 'CLAIM', description: 'Insurance claim', workspace: { id: c.workspace }, startingAppId: c.app }) },
  'GET /cases-types/:id/states': { params: (c) => ({ id: [c.caseType, 'ONBOARDING'] }) },
  'POST /cases-types/:id/states': { params: (c) => ({ id: [c.caseType] }), body: () => ({ id: `FZ-${randomUUID().slice(0, 8)}`, description: 'Fuzzed state', order: 9 }) },
  'GET /cases-states': { query: () => ({ type: 'CLAIM' }) },
  'GET /cases-states/:id': { params: (c) => ({ id: [c.caseState] }) },
  'GET /cases-states/:id/': { params: (c) => ({ id: [c.caseState] }) },
  'PATCH /cases-states/:id': { params: (c) => ({ id: [c.caseState] }), body: (c) => ({ type: { id: c.caseType }, description: 'Received', order: 1, hide: false }) },
  'POST /cases/:id/files': { params: (c) => ({ id: [c.case] }), multipart: true },
  'GET /cases/:id/files': { params: (c) => ({ id: [c.case] }), query: () => ({ pageSize: 6, since: 1 }) },
  'GET /cases/:caseId/files/:fileId': { params: (c) => ({ caseId: [c.case], fileId: [c.file] }) },
  'POST /cases/:id/envelopes': { params: (c) => ({ id: [c.case] }), body: (c) => ({ signer: { name: 'Fuzzed signer', email: 'signer@fuzz.example' }, documentFileId: c.file }) },
  'GET /cases/:id/envelopes/:envelopeId': { params: (c) => ({ id: [c.case], envelopeId: ['env-does-not-exist'] }) },
  'POST /cases/:id/envelopes/:envelopeId/generateUrl': {
    params: (c) => ({ id: [c.case], envelopeId: ['env-does-not-exist'] }),
    body: (c) => ({ caseId: c.case, providerEnvelopeId: 'env-does-not-exist', signer: { name: 'Fuzzed signer', email: 'signer@fuzz.example' }, callback: 'https://fuzz.example/done' }),
  },
  'POST /batches': { body: (c) => ({ case_type: c.caseType, description: 'Fuzzed batch', batch_data: [{ name: 'Ana', amount: 12 }], status: 'UNPROCESSED' }) },
  'GET /batches': { query: () => ({ tab: 'history', search: 'demo', limit: '10', offset: '0' }) },
  'GET /batches/:id': { params: () => ({ id: ['bat-demo-0002', 'bat-does-not-exist'] }) },
  'PATCH /batches/:id': { params: () => ({ id: ['bat-demo-0002'] }), body: () => ({ description: 'Changed by the fuzzer' }) },
  'DELETE /batches/:id': { params: () => ({ id: ['bat-does-not-exist'] }) },
  'POST /batches/:id': { params: () => ({ id: ['bat-demo-0001'] }) },
  'GET /batches/:id/lines': { params: () => ({ id: ['bat-demo-0002'] }), query: () => ({ status: 'UNPROCESSED', search: '1', limit: '10', offset: '0' }) },
  'GET /batches/:id/lines/:lineId': { params: () => ({ id: ['bat-demo-0002'], lineId: ['1', '99'] }) },
  'DELETE /batches/:id/lines/:lineId': { params: () => ({ id: ['bat-demo-0002'], lineId: ['99'] }) },
  'POST /batches/:id/lines/:lineId': { params: () => ({ id: ['bat-demo-0001'], lineId: ['1'] }) },
  'GET /download/batches/:id': { params: () => ({ id: ['bat-demo-0002'] }) },
  'GET /webhooks/executions/:workspaceId': {
    params: (c) => ({ workspaceId: [c.workspace, 'ws-other'] }),
    query: (c) => ({ status: 'error', webhookId: c.webhook, startDate: '2026-01-01', endDate: '2026-12-31', page: 1, limit: 25 }),
  },
  'GET /external-api-executions': { query: () => ({ status: 'success', method: 'GET,POST', url: 'example', startDate: '2026-01-01', endDate: '2026-12-31', page: 2, limit: 100 }) },
  // A loopback address: refused (400) and recorded as a trace, never a call out of the machine.
  'POST /call-external-api': { body: () => ({ url: 'http://127.0.0.1:9/documents/1', verb: 'POST', body: { lookup: 'DOC-1' } }) },
  'GET /templates': {},
  'POST /templates': { body: (c) => ({ name: 'Fuzzed node', case_type: c.caseType, node_type: 'api', description: 'A fuzzed node', config: '{"general":{}}', template: 'EMPTY' }) },
  'GET /templates/:id': { params: () => ({ id: ['tpl-demo-start', 'tpl-does-not-exist'] }) },
  'PATCH /templates/:id': { params: () => ({ id: ['tpl-demo-claim-review', 'tpl-does-not-exist'] }), body: (c) => ({ name: 'Claim review', case_type: c.caseType, node_type: 'human-interface', description: 'Changed by the fuzzer', config: { pages: [] }, template: '<p>Review</p>' }) },
  'GET /frontdesk/forms': {},
  'POST /formsmanager/forms/all': { body: () => ({}) },
  'GET /frontdesk/forms/:id': { params: () => ({ id: ['fdf-demo-claims', 'claims-intake', 'fdf-does-not-exist'] }) },
  'POST /frontdesk/forms': { body: (c) => ({ name: 'Fuzzed desk', case_type: c.caseType, description: 'A fuzzed form', template: '<input name="a" required>', link: '/forms/fuzzed' }) },
  'PATCH /frontdesk/forms/:id': { params: () => ({ id: ['fdf-demo-claims', 'fdf-does-not-exist'] }), body: () => ({ name: 'Claims intake desk', description: 'Changed by the fuzzer', webhook: null }) },
  // Public: no session, the kiosk's id in a header.
  'GET /public/forms/:formId': { params: () => ({ formId: ['claims-intake', 'no-such-form'] }), headers: () => ({ 'x-kiosk-id': 'kiosk-fuzz' }) },
  'POST /public/forms/:formId/submissions': {
    params: () => ({ formId: ['claims-intake'] }),
    headers: () => ({ 'x-kiosk-id': 'kiosk-fuzz' }),
    body: () => ({ submissionId: randomUUID(), formVersion: 1, values: { customerName: 'Ana', email: 'ana@fuzz.example', policyNumber: 'P-1' }, filledAt: Date.now() }),
  },
  // Links nobody was sent: 404 (signing itself is tested in tests/server/envelopes.test.ts).
  'GET /sign/:token': { params: () => ({ token: ['S2lnbmVkLWJ5LWEtZnV6emVyLTIwMjYtMTEtMjMtMDA'] }) },
  'GET /sign/:token/document': { params: () => ({ token: ['S2lnbmVkLWJ5LWEtZnV6emVyLTIwMjYtMTEtMjMtMDA'] }) },
  'POST /sign/:token': { params: () => ({ token: ['S2lnbmVkLWJ5LWEtZnV6emVyLTIwMjYtMTEtMjMtMDA'] }), body: () => ({ signature: 'data:image/png;base64,iVBORw0KGgo=' }) },
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
  'instance.start': (c) => ({ appId: c.app, ids: [`inst-${randomUUID()}`, `inst-${randomUUID()}`], values: { plate: 'ABC-123', amount: 1200 } }),
  'flow.create': () => ({ id: `flow-${randomUUID()}`, name: 'Fuzzed flow', description: 'A flow' }),
  'flow.update': (c) => ({ id: c.flow, description: 'Changed by a mutation' }),
  'case.uploadFile': (c) => ({ caseId: c.case, fileId: c.file, name: 'photo.png', type: 'image/png', size: 4, makePublic: false }),
  'envelope.create': (c) => ({ caseId: c.case, envelopeId: `env-${randomUUID()}`, signerName: 'Fuzzed signer', signerEmail: 'signer@fuzz.example', documentFileId: null }),
  'case.create': (c) => ({ caseId: `case-${randomUUID()}`, caseTypeId: c.caseType, description: 'Fuzzed case' }),
  'case.update': (c) => ({ caseId: c.case, description: 'Changed by a mutation' }),
  'case.addNote': (c) => ({ caseId: c.case, noteId: `note-${randomUUID()}`, title: 'Fuzzed', description: 'A fuzzed note', details: '' }),
  'case.editNote': () => ({ noteId: 'note-does-not-exist', title: 'Fuzzed', description: 'Edited' }),
  'caseType.create': (c) => ({
    caseTypeId: `ct-${randomUUID()}`,
    code: `FZ-${randomUUID().slice(0, 8)}`,
    description: 'Fuzzed type',
    startingAppId: c.app,
    paramsExpected: 'a/b',
    states: [{ stateId: `cst-${randomUUID()}`, key: 'NEW', description: 'New', order: 1, hide: false }],
  }),
  'caseType.update': (c) => ({ caseTypeId: c.caseType, description: 'Insurance claim', startingAppId: c.app, paramsExpected: 'policyNumber/amount/incidentDate', resultsExpected: 'decision/payout' }),
  'caseState.create': (c) => ({ caseTypeId: c.caseType, stateId: `cst-${randomUUID()}`, key: `FZ-${randomUUID().slice(0, 8)}`, description: 'Fuzzed state', order: 9 }),
  'caseState.update': (c) => ({ caseTypeId: c.caseType, stateId: c.caseState, description: 'Received', order: 1, hide: false }),
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
  'workspace.update': (c) => ({ id: c.workspace, externalDashboardUrl: 'https://bi.fuzz.example/d', chatLink: 'https://wa.me/34600000000' }),
  'engine.create': (c) => ({ engineId: `eng-${randomUUID()}`, name: 'Fuzzed engine', description: 'An engine', isActive: true, addUsers: [{ userId: c.agent, linkId: `eu-${randomUUID()}` }] }),
  'engine.update': (c) => ({ engineId: c.engine, name: 'Main Engine', description: 'Changed', isActive: true, addUsers: [], removeLinks: ['eu-does-not-exist'] }),
  'engine.delete': (c) => ({ engineId: c.engine, linkIds: [] }),
  'user.create': (c) => ({ ...fuzzUser(), userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [{ engineId: c.engine, linkId: `eu-${randomUUID()}` }] }),
  'user.update': () => ({ userId: 'usr-demo-inactive', name: 'Iris Inactive', linkIds: [] }),
  'user.delete': () => ({ userId: 'usr-does-not-exist', linkIds: [] }),
  'user.sendRecovery': () => ({ userId: 'usr-demo-inactive' }),
  'batch.create': (c) => ({ batchId: `bat-${randomUUID()}`, name: 'Fuzzed batch', description: 'A fuzzed batch', caseTypeId: c.caseType, header: ['name'], lineCount: 2 }),
  'batch.addLines': () => ({ batchId: 'bat-demo-0002', chunkIndex: 0, lines: [{ lineNo: 1, values: { name: 'Ana' } }] }),
  'batch.update': () => ({ batchId: 'bat-demo-0002', description: 'Changed by a mutation' }),
  'batch.play': () => ({ batchId: 'bat-demo-0001' }),
  'batch.executeLine': () => ({ batchId: 'bat-demo-0001', lineId: '1' }),
  'batch.delete': () => ({ batchId: 'bat-does-not-exist' }),
  'batch.deleteLine': () => ({ batchId: 'bat-demo-0002', lineId: '99' }),
  'form.create': (c) => ({ id: `form-${randomUUID()}`, formId: `fuzz-${randomUUID().slice(0, 8)}`, name: 'Fuzzed form', caseTypeId: c.caseType, description: 'A fuzzed form', template: '<input name="a">', link: null }),
  'template.create': (c) => ({ id: `tpl-${randomUUID()}`, name: 'Fuzzed node', caseTypeId: c.caseType, nodeType: 'script', description: 'A fuzzed node', config: { general: {}, exported_values: [] }, template: null }),
  'template.update': (c) => ({ id: 'tpl-demo-start', name: 'Start', caseTypeId: c.caseType, nodeType: 'start', description: 'Changed by a mutation', config: { general: { label: 'Start' }, exported_values: [] }, template: null }),
  'form.update': (c) => ({ id: 'fdf-demo-claims', name: 'Claims intake desk', caseTypeId: c.caseType, description: 'Changed by a mutation', template: '<input name="customerName" required>', link: '/forms/claims-intake', webhook: null }),
};
