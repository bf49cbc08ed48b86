import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { TEAM_MESSAGES, redThreshold, teamFieldsSchema, yellowThreshold, type TeamFields } from '../../src/domain/settings/teamRules.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import { createTeamWithMembers, getTeam, listTeamHumans, updateTeamWithMembers } from '../services/teams.ts';
import type { AppDeps } from '../app.ts';

const fields = teamFieldsSchema.shape;

/** 'sms,email' or ['sms', 'email']; an unknown channel is refused, as the form's own list does. */
const notifyChannelsInput = z.preprocess(
  (value) => (value === null ? undefined : typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value),
  fields.notifyChannels,
);

/** A notification token: absent leaves it as it is, null or '' clears it. */
const tokenText = z
  .string()
  .trim()
  .max(500, 'The token is too long (at most 500 characters)')
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

/**
 * The team payload of part 1 §3 (`{ id?, name, engine, lightIndicator, notifyChannels, humans, webhookEmail, tokEmail?,
 * tokSlack?, color, slackLink }`), checked with the team form's own rules (teamFieldsSchema): the thresholds are
 * normalised, never refused. PATCH takes the same payload as a whole update; `humans`, when given, becomes the
 * membership.
 */
const teamBodySchema = z
  .object({
    id: clientIdSchema.optional(),
    name: z.string({ error: TEAM_MESSAGES.nameRequired }).pipe(fields.name),
    engine: z.object({ id: idRefSchema }).nullish(),
    color: fields.color,
    lightIndicator: z.object({ yellow: z.unknown(), red: z.unknown() }).nullish(),
    notifyChannels: notifyChannelsInput,
    humans: z.array(idRefSchema).max(1000, 'At most 1000 members').optional(),
    webhookEmail: fields.webhookEmail,
    tokEmail: tokenText,
    tokSlack: tokenText,
    slackLink: fields.slackLink,
  })
  .transform((body) => {
    const teamFields: TeamFields = {
      name: body.name,
      engineId: body.engine?.id ?? null,
      color: body.color,
      lightYellow: yellowThreshold(body.lightIndicator?.yellow),
      lightRed: redThreshold(body.lightIndicator?.red),
      notifyChannels: body.notifyChannels,
      webhookEmail: body.webhookEmail,
      slackLink: body.slackLink,
    };
    return { id: body.id, fields: teamFields, humans: body.humans ? [...new Set(body.humans)] : undefined, tokEmail: body.tokEmail, tokSlack: body.tokSlack };
  });

/** Teams, called human groups by the API (part 1 §7); thin: validate, call the service, answer. */
export const teamRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/human-groups', { schema: { body: teamBodySchema } }, async (request, reply) => {
      const { id, fields: teamFields, humans, tokEmail, tokSlack } = request.body;
      const view = await runWrite(db, authOf(request), createTeamWithMembers, {
        ...teamFields,
        teamId: id ?? `team-${randomUUID()}`,
        humans: humans ?? [],
        tokEmail,
        tokSlack,
      });
      return reply.status(201).send(view);
    });
    app.get('/human-groups/:id', { schema: { params: idParams } }, (request) => getTeam(db, authOf(request), request.params.id));
    app.patch('/human-groups/:id', { schema: { params: idParams, body: teamBodySchema } }, (request) => {
      const { fields: teamFields, humans, tokEmail, tokSlack } = request.body;
      return runWrite(db, authOf(request), updateTeamWithMembers, { ...teamFields, teamId: request.params.id, humans, tokEmail, tokSlack });
    });
    app.get('/human-groups/:id/humans', { schema: { params: idParams } }, (request) => listTeamHumans(db, authOf(request), request.params.id));
  };
