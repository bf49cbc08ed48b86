import type { Kysely, Selectable } from 'kysely';
import { defaultFormLink, FORM_REFUSALS, type CreateFormArgs, type UpdateFormArgs } from '../../src/domain/forms/formRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import type { FrontdeskFormsTable } from '../db/tables/workTables.ts';
import { accessOf, type Access } from '../engine/access.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import { findCaseType } from './caseTypes.ts';
import type { WriteService } from './context.ts';

/**
 * Front-desk forms (part 2 §2, §3 Front desk form, §7 forms): the services behind the `form.*` mutations of the
 * outbox and the /frontdesk/forms calls. Every call needs the FRONTDESK module (part 2 §6); writes are for
 * administrators. The Form ID is the public slug of the kiosk's link, so it is unique across workspaces.
 */
type FormRow = Selectable<FrontdeskFormsTable>;
type Reader = Kysely<Database> | WorkspaceTx;

/** The REST shape of a form (§3: formId, name, case_type, description, template, link, webhook, created). */
export function formView(row: FormRow) {
  return {
    id: row.id,
    formId: row.form_id,
    name: row.name,
    case_type: row.case_type_id,
    description: row.description,
    template: row.template,
    link: row.link,
    webhook: row.webhook,
    version: row.version,
    isActive: row.is_active,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  };
}
export type FormView = ReturnType<typeof formView>;

const formNotFound = () => new ApiError(404, 'not-found', FORM_REFUSALS.notFound);
const formIdTaken = () => new ApiError(409, 'already-exists', FORM_REFUSALS.formIdTaken);
const PG_UNIQUE_VIOLATION = '23505';

const moduleDisabled = () => new ApiError(403, 'module-disabled', 'The FRONTDESK module is not enabled for your account');

async function requireFrontdesk(db: Reader, actor: AuthContext): Promise<Access> {
  const access = await accessOf(db, actor);
  if (!access.modules.has('FRONTDESK')) throw moduleDisabled();
  return access;
}

/** Writes: a non-administrator is 'forbidden' whatever their modules; an administrator still needs FRONTDESK. */
async function requireFormAdmin(db: Reader, actor: AuthContext): Promise<void> {
  const access = await accessOf(db, actor);
  if (!access.isAdmin) throw forbidden();
  if (!access.modules.has('FRONTDESK')) throw moduleDisabled();
}

/** A live form of the caller's workspace, by row id or by Form ID. */
async function findForm(db: Reader, workspaceId: string, ref: string, lock = false): Promise<FormRow> {
  let query = db
    .selectFrom('frontdesk_forms')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('id', '=', ref), eb('form_id', '=', ref)]));
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  const row = rows.find((r) => r.id === ref) ?? rows[0];
  if (!row) throw formNotFound();
  return row;
}

/** A case type of the workspace (by row id or ID); an unknown one is 'not-found' with the case type named. */
async function caseTypeOf(tx: WorkspaceTx, workspaceId: string, ref: string): Promise<string> {
  try {
    return (await findCaseType(tx, workspaceId, ref)).id;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw new ApiError(404, 'not-found', FORM_REFUSALS.caseTypeNotFound);
    throw error;
  }
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === PG_UNIQUE_VIOLATION;

export const createForm: WriteService<CreateFormArgs, FormView> = async ({ tx, rev, actor, now }, args) => {
  await requireFormAdmin(tx, actor);
  const caseTypeId = await caseTypeOf(tx, actor.workspaceId, args.caseTypeId);
  const taken = await tx
    .selectFrom('frontdesk_forms')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('form_id', '=', args.formId), eb('deleted', '=', false)]), eb('id', '=', args.id)]))
    .executeTakeFirst();
  if (taken) throw formIdTaken();
  let row: FormRow;
  try {
    row = await tx
      .insertInto('frontdesk_forms')
      .values({
        id: args.id,
        workspace_id: actor.workspaceId,
        form_id: args.formId,
        name: args.name,
        case_type_id: caseTypeId,
        description: args.description,
        template: args.template,
        link: args.link,
        webhook: null,
        version: 1,
        rev,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Another workspace took the same Form ID between the check and the insert (the slug's unique index).
    if (isUniqueViolation(error)) throw formIdTaken();
    throw error;
  }
  await tx.insertInto('frontdesk_form_versions').values({ form_row_id: row.id, version: 1, template: row.template, created_at: now }).execute();
  return formView(row);
};

/** The Form ID stays. A changed template makes a new version, kept for the submissions filled on it. */
export const updateForm: WriteService<UpdateFormArgs, FormView> = async ({ tx, rev, actor, now }, args) => {
  await requireFormAdmin(tx, actor);
  const current = await findForm(tx, actor.workspaceId, args.id, true);
  const caseTypeId = await caseTypeOf(tx, actor.workspaceId, args.caseTypeId);
  const changedTemplate = args.template !== current.template;
  const version = changedTemplate ? current.version + 1 : current.version;
  const row = await tx
    .updateTable('frontdesk_forms')
    .set({ name: args.name, case_type_id: caseTypeId, description: args.description, template: args.template, link: args.link, webhook: args.webhook, version, rev, updated_at: now })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (changedTemplate) {
    await tx
      .insertInto('frontdesk_form_versions')
      .values({ form_row_id: row.id, version, template: row.template, created_at: now })
      .onConflict((oc) => oc.columns(['form_row_id', 'version']).doUpdateSet({ template: row.template, created_at: now }))
      .execute();
  }
  return formView(row);
};

export type FormPatch = {
  ref: string;
  name?: string | undefined;
  caseTypeId?: string | undefined;
  description?: string | undefined;
  template?: string | undefined;
  link?: string | undefined;
  webhook?: string | null | undefined;
};

/** PATCH /frontdesk/forms/{id}: what is left out stays as it is; a form without a link gets its default one. */
export const patchForm: WriteService<FormPatch, FormView> = async (ctx, patch) => {
  await requireFormAdmin(ctx.tx, ctx.actor);
  const current = await findForm(ctx.tx, ctx.actor.workspaceId, patch.ref);
  return updateForm(ctx, {
    id: current.id,
    name: patch.name ?? current.name,
    caseTypeId: patch.caseTypeId ?? current.case_type_id,
    description: patch.description ?? current.description,
    template: patch.template ?? current.template,
    link: patch.link ?? current.link ?? defaultFormLink(current.form_id),
    webhook: patch.webhook === undefined ? current.webhook : patch.webhook,
  });
};

// ---- reads (REST) -----------------------------------------------------------------------------------------

/** GET /frontdesk/forms and POST /formsmanager/forms/all: the workspace's forms, newest first. */
export async function listForms(db: Kysely<Database>, actor: AuthContext): Promise<FormView[]> {
  await requireFrontdesk(db, actor);
  const rows = await db
    .selectFrom('frontdesk_forms')
    .selectAll()
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(formView);
}

export async function getForm(db: Kysely<Database>, actor: AuthContext, ref: string): Promise<FormView> {
  await requireFrontdesk(db, actor);
  return formView(await findForm(db, actor.workspaceId, ref));
}
