import type { Kysely, Selectable } from 'kysely';
import { TEMPLATE_REFUSALS, templateTextFor, type ConfigObject, type CreateTemplateArgs, type UpdateTemplateArgs } from '../../src/domain/templates/templateRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import type { NodeTemplatesTable } from '../db/tables/workTables.ts';
import { pagesOf, versionAfterSave } from '../../src/domain/templates/templatePages.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError } from '../http/errors.ts';
import { findCaseType } from './caseTypes.ts';
import type { WriteService } from './context.ts';

/**
 * Node templates (part 2 §2 Node template editor, §3 Node template, §7 templates): the services behind the
 * `template.*` mutations of the outbox and the /templates calls. Administrators and users with the BUILDER module
 * (part 2 §6) read and change them; every row is the caller's workspace's.
 */
type TemplateRow = Selectable<NodeTemplatesTable>;
type Reader = Kysely<Database> | WorkspaceTx;

/** The REST shape of a template (§3: templateId, name, case_type, node_type, description, config, template, created). */
export function templateView(row: TemplateRow) {
  return {
    templateId: row.id,
    name: row.name,
    case_type: row.case_type_id,
    node_type: row.node_type,
    description: row.description,
    config: row.config,
    template: row.template,
    version: row.version,
    created: row.created_at.toISOString(),
    updated: row.updated_at.toISOString(),
  };
}
export type TemplateView = ReturnType<typeof templateView>;

const notFound = () => new ApiError(404, 'not-found', TEMPLATE_REFUSALS.notFound);

async function requireBuilder(db: Reader, actor: AuthContext): Promise<void> {
  const access = await accessOf(db, actor);
  if (!access.isAdmin && !access.modules.has('BUILDER')) throw new ApiError(403, 'module-disabled', TEMPLATE_REFUSALS.notAllowed);
}

/** A live template of the caller's workspace; another workspace's is 'not-found', as if it did not exist. */
async function findTemplate(db: Reader, workspaceId: string, id: string, lock = false): Promise<TemplateRow> {
  let query = db.selectFrom('node_templates').selectAll().where('id', '=', id).where('workspace_id', '=', workspaceId).where('deleted', '=', false);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function caseTypeOf(tx: WorkspaceTx, workspaceId: string, ref: string): Promise<string> {
  try {
    return (await findCaseType(tx, workspaceId, ref)).id;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) throw new ApiError(404, 'not-found', TEMPLATE_REFUSALS.caseTypeNotFound);
    throw error;
  }
}

const asJson = (config: ConfigObject): JsonValue => config as JsonValue;

export const createTemplate: WriteService<CreateTemplateArgs, TemplateView> = async ({ tx, rev, actor, now }, args) => {
  await requireBuilder(tx, actor);
  const caseTypeId = await caseTypeOf(tx, actor.workspaceId, args.caseTypeId);
  const taken = await tx.selectFrom('node_templates').select('id').where('id', '=', args.id).executeTakeFirst();
  if (taken) throw new ApiError(409, 'already-exists', TEMPLATE_REFUSALS.idTaken);
  const row = await tx
    .insertInto('node_templates')
    .values({
      id: args.id,
      workspace_id: actor.workspaceId,
      case_type_id: caseTypeId,
      node_type: args.nodeType,
      name: args.name,
      description: args.description,
      config: asJson(args.config),
      template: templateTextFor(args.nodeType, args.template),
      rev,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordVersion(tx, row);
  return templateView(row);
};

/** The row's current version in the history; a repeat of the same version (a replayed save) rewrites it. */
async function recordVersion(tx: WorkspaceTx, row: TemplateRow): Promise<void> {
  const pages = pagesOf(row.config) as JsonValue;
  await tx
    .insertInto('node_template_versions')
    .values({ template_id: row.id, version: row.version, template: row.template, pages, created_at: row.updated_at })
    .onConflict((oc) => oc.columns(['template_id', 'version']).doUpdateSet({ template: row.template, pages, created_at: row.updated_at }))
    .execute();
}

export const updateTemplate: WriteService<UpdateTemplateArgs, TemplateView> = async ({ tx, rev, actor, now }, args) => {
  await requireBuilder(tx, actor);
  const current = await findTemplate(tx, actor.workspaceId, args.id, true);
  const caseTypeId = await caseTypeOf(tx, actor.workspaceId, args.caseTypeId);
  const template = templateTextFor(args.nodeType, args.template ?? current.template);
  const version = versionAfterSave(current, { template, config: args.config });
  const row = await tx
    .updateTable('node_templates')
    .set({
      case_type_id: caseTypeId,
      node_type: args.nodeType,
      name: args.name,
      description: args.description,
      config: asJson(args.config),
      template,
      version,
      rev,
      updated_at: now,
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Tickets keep their own copy of the text; the history says what each version was.
  if (version !== current.version) await recordVersion(tx, row);
  return templateView(row);
};

export type TemplatePatch = {
  ref: string;
  name?: string | undefined;
  caseTypeId?: string | undefined;
  nodeType?: UpdateTemplateArgs['nodeType'] | undefined;
  description?: string | undefined;
  config?: ConfigObject | undefined;
  template?: string | null | undefined;
};

/** PATCH /templates/{id}: what is left out stays as it is. */
export const patchTemplate: WriteService<TemplatePatch, TemplateView> = async (ctx, patch) => {
  await requireBuilder(ctx.tx, ctx.actor);
  const current = await findTemplate(ctx.tx, ctx.actor.workspaceId, patch.ref);
  const nodeType = patch.nodeType ?? current.node_type;
  return updateTemplate(ctx, {
    id: current.id,
    name: patch.name ?? current.name,
    caseTypeId: patch.caseTypeId ?? current.case_type_id,
    nodeType,
    description: patch.description ?? current.description,
    config: patch.config ?? (current.config as ConfigObject),
    template: patch.template === undefined ? current.template : patch.template,
  });
};

// ---- reads (REST) -----------------------------------------------------------------------------------------

/** GET /templates: the workspace's templates, newest first. */
export async function listTemplates(db: Kysely<Database>, actor: AuthContext): Promise<TemplateView[]> {
  await requireBuilder(db, actor);
  const rows = await db
    .selectFrom('node_templates')
    .selectAll()
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(templateView);
}

export async function getTemplate(db: Kysely<Database>, actor: AuthContext, id: string): Promise<TemplateView> {
  await requireBuilder(db, actor);
  return templateView(await findTemplate(db, actor.workspaceId, id));
}
