import { randomUUID } from 'node:crypto';
import {
  CASE_RECORD_MESSAGES,
  caseChanges,
  type AddCaseNoteArgs,
  type EditCaseNoteArgs,
  type UpdateCaseArgs,
} from '../../src/domain/mutations/caseRecordMutations.ts';
import { agentPrefix, decodeNote, encodeNote } from '../../src/domain/notes/noteText.ts';
import { isAdminRole } from '../../src/domain/tickets/inboxRules.ts';
import { ApiError } from '../http/errors.ts';
import { mayOpenCase } from '../sync/pull.ts';
import { loadVisibility } from '../sync/visibility.ts';
import { canSeeAllCases } from '../sync/visibilityRules.ts';
import type { WriteContext, WriteService } from './context.ts';

const FIELD_COLUMNS = { status: 'status', stateId: 'state_id', description: 'description', customerId: 'customer_id', category: 'category' } as const;
/** The log's name of each field (part 2 §3 case log: fieldChanged). */
const FIELD_LOG_NAMES = { status: 'status', stateId: 'state', description: 'description', customerId: 'customer_id', category: 'category' } as const;

async function lockCase(ctx: WriteContext, caseId: string) {
  const found = await ctx.tx
    .selectFrom('cases')
    .selectAll()
    .where('id', '=', caseId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!found) throw new ApiError(404, 'not-found', CASE_RECORD_MESSAGES.caseNotFound);
  return found;
}

async function memberIdOf(ctx: WriteContext): Promise<string | null> {
  const member = await ctx.tx.selectFrom('members').select('id').where('user_id', '=', ctx.actor.userId).where('deleted', '=', false).executeTakeFirst();
  return member?.id ?? null;
}

async function authorName(ctx: WriteContext): Promise<string> {
  const user = await ctx.tx.selectFrom('users').select('name').where('id', '=', ctx.actor.userId).executeTakeFirst();
  return user?.name ?? '';
}

/**
 * PATCH /cases/{id} and `case.update`: changes the named fields of a case (CASES module or ADMIN). Each changed
 * field leaves a case log (date, action, field, new value); a new state also leaves a history entry, which the
 * case's progress is computed from. Completing a case stamps its closing; reopening clears it.
 */
export const updateCase: WriteService<UpdateCaseArgs, { caseId: string; changed: string[] }> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  if (!canSeeAllCases(await loadVisibility(tx, actor))) throw new ApiError(403, 'forbidden', CASE_RECORD_MESSAGES.notAllowed);
  const current = await lockCase(ctx, args.caseId);
  const changes = caseChanges(args);
  let stateDescription: string | null = null;
  if (changes.stateId) {
    const state = await tx
      .selectFrom('case_states')
      .select(['id', 'description', 'case_type_id'])
      .where('id', '=', changes.stateId)
      .where('workspace_id', '=', actor.workspaceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!state || state.case_type_id !== current.case_type_id) throw new ApiError(400, 'invalid-state', CASE_RECORD_MESSAGES.stateNotOfType);
    stateDescription = state.description;
  }
  const currentValues: Record<keyof typeof FIELD_COLUMNS, string | null> = {
    status: current.status,
    stateId: current.state_id,
    description: current.description,
    customerId: current.customer_id,
    category: current.category,
  };
  const changed = (Object.keys(changes) as Array<keyof typeof FIELD_COLUMNS>).filter((key) => changes[key] !== currentValues[key]);
  if (changed.length === 0) return { caseId: current.id, changed: [] };
  const set: Record<string, unknown> = { rev, updated_at: now };
  for (const key of changed) set[FIELD_COLUMNS[key]] = changes[key];
  if (changes.status !== undefined && changed.includes('status')) set.closing = changes.status === 'COMPLETED' ? now : null;
  await tx.updateTable('cases').set(set).where('id', '=', current.id).execute();
  const base = { workspace_id: actor.workspaceId, case_id: current.id, rev, created_at: now, updated_at: now };
  await tx
    .insertInto('case_logs')
    .values(
      changed.map((key) => ({
        ...base,
        id: `log-${randomUUID()}`,
        date: now,
        action_description: key === 'stateId' ? 'State changed' : key === 'status' ? 'Status changed' : 'Case updated',
        field_changed: FIELD_LOG_NAMES[key],
        new_value: key === 'stateId' ? (stateDescription ?? changes.stateId ?? null) : (changes[key] ?? null),
      })),
    )
    .execute();
  if (changed.includes('stateId') && changes.stateId) {
    const name = await authorName(ctx);
    await tx
      .insertInto('case_history')
      .values({
        ...base,
        id: `hist-${randomUUID()}`,
        state_id: changes.stateId,
        field_new_data: changes.stateId,
        transaction_date: now,
        event_type: 'STATE_CHANGE',
        event_details: stateDescription ?? '',
        event_description: `State changed to ${stateDescription ?? changes.stateId}`,
        agent_prefix: agentPrefix(name),
      })
      .execute();
  }
  return { caseId: current.id, changed: changed.map((key) => FIELD_LOG_NAMES[key]) };
};

/** `case.addNote` (and PUT /cases-notes/{id} for each new note): a note on a case the caller may open. */
export const addCaseNote: WriteService<AddCaseNoteArgs, { noteId: string }> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  const current = await lockCase(ctx, args.caseId);
  if (!(await mayOpenCase(tx, await loadVisibility(tx, actor), current.id))) throw new ApiError(403, 'forbidden', 'You cannot open this case');
  const existing = await tx.selectFrom('case_notes').select(['id', 'case_id']).where('id', '=', args.noteId).executeTakeFirst();
  if (existing) throw new ApiError(409, 'duplicate-note', 'A note with this id already exists');
  const state = current.state_id ? await tx.selectFrom('case_states').select('description').where('id', '=', current.state_id).executeTakeFirst() : undefined;
  await tx
    .insertInto('case_notes')
    .values({
      id: args.noteId,
      workspace_id: actor.workspaceId,
      case_id: current.id,
      note_text: encodeNote({ title: args.title, details: args.details, description: args.description, agentPrefix: agentPrefix(await authorName(ctx)) }),
      author_user_id: actor.userId,
      member_id: await memberIdOf(ctx),
      case_state_description: state?.description ?? null,
      entry_date: now,
      rev,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { noteId: args.noteId };
};

/** `case.editNote`: the author (or an administrator) rewrites a note; it is then shown with '(Editado)'. */
export const editCaseNote: WriteService<EditCaseNoteArgs, { noteId: string }> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  const note = await tx
    .selectFrom('case_notes')
    .selectAll()
    .where('id', '=', args.noteId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!note) throw new ApiError(404, 'not-found', CASE_RECORD_MESSAGES.noteNotFound);
  if (!(await mayOpenCase(tx, await loadVisibility(tx, actor), note.case_id))) throw new ApiError(404, 'not-found', CASE_RECORD_MESSAGES.noteNotFound);
  if (note.author_user_id !== actor.userId && !isAdminRole(actor.role)) throw new ApiError(403, 'forbidden', CASE_RECORD_MESSAGES.notNoteAuthor);
  const prefix = decodeNote(note.note_text)?.agentPrefix || agentPrefix(await authorName(ctx));
  await tx
    .updateTable('case_notes')
    .set({ note_text: encodeNote({ title: args.title, details: args.details, description: args.description, agentPrefix: prefix }), edited: true, rev, updated_at: now })
    .where('id', '=', note.id)
    .execute();
  return { noteId: note.id };
};
