import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { MEMBER_EMAIL_MAX, memberFieldsSchema } from '../../src/domain/settings/memberRules.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import { notFound } from '../http/errors.ts';
import { createMemberWithTeams, deleteMember, getMemberByEmail, linkMemberToWorkspace, listMemberTeams, listMembers, updateMemberWithTeams } from '../services/members.ts';
import type { AppDeps } from '../app.ts';

/**
 * The member payload of part 1 §7 (`{ id?, name, email, slackLink, teams }`), checked with the member form's own
 * rules. PATCH takes the same payload as a whole update; `teams`, when given, becomes the member's teams.
 */
const memberBodySchema = memberFieldsSchema
  .extend({
    id: clientIdSchema.optional(),
    teams: z.array(idRefSchema).max(200, 'At most 200 teams').optional(),
  })
  .transform((body) => ({ ...body, teams: body.teams ? [...new Set(body.teams)] : undefined }));

/** `human: { id }`, the body of add-human and remove-human (part 2 §7). */
const humanRefBody = z.object({ human: z.object({ id: idRefSchema }, { error: 'human { id } is required' }) });
const directQuery = z.object({ isDirect: z.enum(['true', 'false'], { error: "isDirect is 'true' or 'false'" }).optional() });

const emailParams = z.object({ email: z.string().trim().min(1, 'Required').max(MEMBER_EMAIL_MAX, 'The e-mail is too long') });

/** Members, called humans by the API (part 1 §7); thin: validate, call the service, answer. */
export const memberRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/humans', (request) => listMembers(db, authOf(request)));
    app.post('/humans', { schema: { body: memberBodySchema } }, async (request, reply) => {
      const { id, ...fields } = request.body;
      const view = await runWrite(db, authOf(request), createMemberWithTeams, { ...fields, memberId: id ?? `mbr-${randomUUID()}` });
      return reply.status(201).send(view);
    });
    app.get('/humans/:email/human', { schema: { params: emailParams } }, (request) => getMemberByEmail(db, authOf(request), request.params.email));
    app.get('/humans/:id/human-groups', { schema: { params: idParams } }, (request) => listMemberTeams(db, authOf(request), request.params.id));
    // The original client checks `result === 'updated'` (part 1 §7); the member comes along for newer callers.
    app.patch('/v2/human/:id', { schema: { params: idParams, body: memberBodySchema } }, async (request) => {
      const { id: _ignored, ...fields } = request.body;
      const human = await runWrite(db, authOf(request), updateMemberWithTeams, { ...fields, memberId: request.params.id });
      return { result: 'updated' as const, human };
    });
    app.delete('/v2/human/:id', { schema: { params: idParams } }, async (request) => {
      await runWrite(db, authOf(request), deleteMember, { memberId: request.params.id });
      return { result: 'deleted' as const, id: request.params.id };
    });

    // The workspace's humans. Another workspace's id is 'not found', so ids cannot be probed across workspaces.
    const ownWorkspace = (auth: { workspaceId: string }, id: string) => {
      if (id !== auth.workspaceId) throw notFound('Workspace');
    };
    // isDirect=true: the members in no team, the ones linked to the workspace itself rather than through a team.
    app.get('/workspaces/:id/humans', { schema: { params: idParams, querystring: directQuery } }, async (request) => {
      ownWorkspace(authOf(request), request.params.id);
      const members = await listMembers(db, authOf(request));
      return request.query.isDirect === 'true' ? members.filter((m) => m.teams.length === 0) : members;
    });
    app.post('/workspaces/:id/add-human', { schema: { params: idParams, body: humanRefBody } }, (request) => {
      ownWorkspace(authOf(request), request.params.id);
      return linkMemberToWorkspace(db, authOf(request), request.body.human.id);
    });
    app.post('/workspaces/:id/remove-human', { schema: { params: idParams, body: humanRefBody } }, async (request) => {
      ownWorkspace(authOf(request), request.params.id);
      await runWrite(db, authOf(request), deleteMember, { memberId: request.body.human.id });
      return { result: 'removed' as const, human_id: request.body.human.id };
    });
  };
