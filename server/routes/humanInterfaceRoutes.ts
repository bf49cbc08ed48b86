import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { lightIndicator } from '../../src/domain/tickets/lightIndicator.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { runWrite } from '../services/context.ts';
import { cancelTicket, claimTicket, reassignTicket, releaseTicket, resolveTicket, saveTicketData } from '../services/tickets.ts';
import type { AppDeps } from '../app.ts';

/**
 * The human-interface calls of part 2 §7, as thin adapters over the ticket service (the same services the sync
 * mutations run). `case_id` in these payloads is the ticket's id.
 */
const caseRef = z.object({ case_id: idRefSchema });
const data = z.record(z.string(), z.json());
const searchByGroup = z.object({ group_id: idRefSchema, all: z.boolean().default(false) });
const searchByUser = z.object({ all: z.boolean().default(false) });
const ticketPatch = z
  .object({ assigned_operator: z.union([z.literal(''), idRefSchema]).optional(), operators_group: idRefSchema.optional() })
  .refine((b) => b.assigned_operator !== undefined || b.operators_group !== undefined, 'Nothing to change: send assigned_operator or operators_group');

/** Tickets the caller may see (administrators: the workspace; others: their teams), in the inbox shape of part 2 §3. */
async function searchTickets(db: Kysely<Database>, actor: AuthContext, filter: { teamId?: string; mine?: boolean; ticketId?: string; all: boolean }) {
  let query = db
    .selectFrom('tickets')
    .innerJoin('teams', 'teams.id', 'tickets.team_id')
    .selectAll('tickets')
    .select(['teams.name as team_name', 'teams.light_yellow', 'teams.light_red'])
    .where('tickets.workspace_id', '=', actor.workspaceId)
    .where('tickets.deleted', '=', false);
  if (actor.role !== 'ADMIN' && actor.role !== 'OPS-ADMIN') {
    query = query.where('tickets.team_id', 'in', (eb) =>
      eb.selectFrom('team_members').innerJoin('members', 'members.id', 'team_members.member_id').select('team_members.team_id').where('members.user_id', '=', actor.userId).where('team_members.deleted', '=', false),
    );
  }
  if (!filter.all) query = query.where('tickets.state', '=', 'open');
  if (filter.teamId) query = query.where('tickets.team_id', '=', filter.teamId);
  if (filter.mine) query = query.where('tickets.assignee_user_id', '=', actor.userId);
  if (filter.ticketId) query = query.where('tickets.id', '=', filter.ticketId);
  const rows = await query.orderBy('tickets.created_at').limit(1000).execute();
  const now = Date.now();
  return rows.map((t) => ({
    id: t.id,
    operation: t.operation,
    contact: t.contact,
    contact_name: t.contact_name,
    description: t.description,
    group: { id: t.team_id, name: t.team_name },
    assigned_operator: t.assignee_user_id ?? t.assignee_member_id,
    status: t.status,
    state: t.state,
    light_indicator: lightIndicator({ createdAtMs: t.created_at.getTime(), dueAtMs: t.due_at.getTime() }, { yellow: t.light_yellow, red: t.light_red }, now),
    created_at: { seconds: Math.floor(t.created_at.getTime() / 1000) },
    due_date: { seconds: Math.floor(t.due_at.getTime() / 1000) },
    template: t.template,
    data: { initialValues: t.initial_values, ...(t.data && typeof t.data === 'object' && !Array.isArray(t.data) ? t.data : {}) },
  }));
}

export const humanInterfaceRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);
    const hi = '/humaninterface/hicase';

    app.post(`${hi}/searchbygroup`, { schema: { body: searchByGroup } }, (request) =>
      searchTickets(db, authOf(request), { teamId: request.body.group_id, all: request.body.all }),
    );
    app.post(`${hi}/searchbyuser`, { schema: { body: searchByUser } }, (request) => searchTickets(db, authOf(request), { mine: true, all: request.body.all }));
    app.post(`${hi}/searchbyid`, { schema: { body: caseRef } }, async (request) => {
      const [ticket] = await searchTickets(db, authOf(request), { ticketId: request.body.case_id, all: true });
      if (!ticket) throw new ApiError(404, 'not-found', 'Case not found, please refresh');
      return ticket;
    });
    app.post(`${hi}/lock`, { schema: { body: caseRef } }, (request) => runWrite(db, authOf(request), claimTicket, { ticketId: request.body.case_id }));
    app.post(`${hi}/unlock`, { schema: { body: caseRef } }, (request) => runWrite(db, authOf(request), releaseTicket, { ticketId: request.body.case_id }));
    app.post(`${hi}/savedata`, { schema: { body: caseRef.extend({ data }) } }, (request) =>
      runWrite(db, authOf(request), saveTicketData, { ticketId: request.body.case_id, data: request.body.data }),
    );
    // accepted false resolves with exit canceled (part 2 §4), which the ticket service allows administrators only.
    app.post(`${hi}/setstatus`, { schema: { body: caseRef.extend({ data: data.default({}), accepted: z.boolean().default(true) }) } }, (request) =>
      request.body.accepted
        ? runWrite(db, authOf(request), resolveTicket, { ticketId: request.body.case_id, data: request.body.data })
        : runWrite(db, authOf(request), cancelTicket, { ticketId: request.body.case_id }),
    );
    app.patch('/tickets/:id', { schema: { params: z.object({ id: idRefSchema }), body: ticketPatch } }, async (request) => {
      const actor = authOf(request);
      const ticketId = request.params.id;
      const { operators_group: teamId, assigned_operator: operator } = request.body;
      // A new team resets the assignee to 'Waiting for operator' (part 2 §2); otherwise claim or release.
      if (teamId) return runWrite(db, actor, reassignTicket, { ticketId, teamId });
      if (operator === '') return runWrite(db, actor, releaseTicket, { ticketId });
      if (operator === actor.userId) return runWrite(db, actor, claimTicket, { ticketId });
      throw new ApiError(400, 'unsupported', 'A ticket can be assigned only to yourself (claim) or released');
    });
  };
