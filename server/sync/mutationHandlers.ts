import type { z } from 'zod';
import { MUTATIONS } from '../../src/domain/mutations/registry.ts';
import type { WriteService } from '../services/context.ts';
import * as apps from '../services/apps.ts';
import * as caseFiles from '../services/caseFiles.ts';
import * as cases from '../services/cases.ts';
import * as corsOrigins from '../services/corsOrigins.ts';
import * as events from '../services/events.ts';
import * as instances from '../services/instances.ts';
import * as members from '../services/members.ts';
import * as teams from '../services/teams.ts';
import * as tickets from '../services/tickets.ts';
import * as users from '../services/users.ts';

type Handler = { args: z.ZodType<unknown>; run: WriteService<never, unknown> };

/**
 * The server side of each mutation name: the shared argument schema and the service that owns the write.
 * A name in the domain registry without a service here fails the test that compares the two.
 */
const SERVICES: Record<string, WriteService<never, unknown>> = {
  'ticket.claim': tickets.claimTicket,
  'ticket.release': tickets.releaseTicket,
  'ticket.saveData': tickets.saveTicketData,
  'ticket.resolve': tickets.resolveTicket,
  'ticket.cancel': tickets.cancelTicket,
  'ticket.reassign': tickets.reassignTicket,
  'ticket.addNote': tickets.addTicketNote,
  'ticket.create': tickets.createTicket,
  'ticket.update': tickets.updateTicket,
  'user.setLanguage': users.setLanguage,
  'app.create': apps.createApp,
  'app.update': apps.updateApp,
  'app.delete': apps.deleteApp,
  'app.setActive': apps.toggleApp,
  'event.create': events.createEvent,
  'event.update': events.updateEvent,
  'event.delete': events.deleteEvent,
  'event.setActive': events.toggleEvent,
  'instance.retry': instances.retryInstance,
  'case.uploadFile': caseFiles.confirmUpload,
  'case.create': cases.createCase,
  'team.create': teams.createTeam,
  'team.update': teams.updateTeam,
  'team.addMember': teams.addTeamMember,
  'team.removeMember': teams.removeTeamMember,
  'member.create': members.createMember,
  'member.update': members.updateMember,
  'member.delete': members.deleteMember,
  'cors.create': corsOrigins.createCorsOrigin,
  'cors.update': corsOrigins.updateCorsOrigin,
  'cors.delete': corsOrigins.deleteCorsOrigin,
};

export function mutationHandler(name: string): Handler | undefined {
  const definition = MUTATIONS.get(name);
  const run = SERVICES[name];
  return definition && run ? { args: definition.args, run } : undefined;
}

export const SERVED_MUTATIONS: readonly string[] = Object.keys(SERVICES);
