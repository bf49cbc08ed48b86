import type { z } from 'zod';
import { MUTATIONS } from '../../src/domain/mutations/registry.ts';
import type { WriteService } from '../services/context.ts';
import * as apps from '../services/apps.ts';
import * as batches from '../services/batches.ts';
import * as caseFiles from '../services/caseFiles.ts';
import * as caseRecords from '../services/caseRecords.ts';
import * as cases from '../services/cases.ts';
import * as caseTypes from '../services/caseTypes.ts';
import * as corsOrigins from '../services/corsOrigins.ts';
import * as engines from '../services/engines.ts';
import * as envelopes from '../services/envelopes.ts';
import * as events from '../services/events.ts';
import * as flows from '../services/flows.ts';
import * as forms from '../services/forms.ts';
import * as instances from '../services/instances.ts';
import * as members from '../services/members.ts';
import * as nodeTemplates from '../services/nodeTemplates.ts';
import * as teams from '../services/teams.ts';
import * as tickets from '../services/tickets.ts';
import * as userAdmin from '../services/userAdmin.ts';
import * as users from '../services/users.ts';
import * as workspaceSettings from '../services/workspaceSettings.ts';

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
  'instance.start': instances.startInstances,
  'flow.create': flows.createFlow,
  'flow.update': flows.updateFlow,
  'case.uploadFile': caseFiles.confirmUpload,
  'envelope.create': envelopes.createEnvelope,
  'case.create': cases.createCase,
  'case.update': caseRecords.updateCase,
  'case.addNote': caseRecords.addCaseNote,
  'case.editNote': caseRecords.editCaseNote,
  'caseType.create': caseTypes.createCaseType,
  'caseType.update': caseTypes.updateCaseType,
  'caseState.create': caseTypes.createCaseState,
  'caseState.update': caseTypes.updateCaseState,
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
  'workspace.update': workspaceSettings.updateWorkspaceSettings,
  'engine.create': engines.createEngine,
  'engine.update': engines.updateEngine,
  'engine.delete': engines.deleteEngine,
  'user.create': userAdmin.createUser,
  'user.update': userAdmin.updateUser,
  'user.delete': userAdmin.deleteUser,
  'user.sendRecovery': userAdmin.sendRecovery,
  'batch.create': batches.createBatch,
  'batch.addLines': batches.addBatchLines,
  'batch.update': batches.updateBatch,
  'batch.play': batches.playBatch,
  'batch.executeLine': batches.runBatchLine,
  'batch.delete': batches.deleteBatch,
  'batch.deleteLine': batches.deleteBatchLine,
  'form.create': forms.createForm,
  'form.update': forms.updateForm,
  'template.create': nodeTemplates.createTemplate,
  'template.update': nodeTemplates.updateTemplate,
};

export function mutationHandler(name: string): Handler | undefined {
  const definition = MUTATIONS.get(name);
  const run = SERVICES[name];
  return definition && run ? { args: definition.args, run } : undefined;
}

export const SERVED_MUTATIONS: readonly string[] = Object.keys(SERVICES);
