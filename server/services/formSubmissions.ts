import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkSubmission, formFields, type FormField } from '../../src/domain/forms/formFields.ts';
import { FORM_REFUSALS, submissionCaseDescription, type SubmissionBody } from '../../src/domain/forms/formRules.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { sendRequest } from '../engine/stages/outboundHttp.ts';
import { engineActor } from '../engine/stageCommit.ts';
import { ApiError } from '../http/errors.ts';
import { openCase, prepareCase } from './cases.ts';
import type { WriteContext } from './context.ts';
import type { PostCommitTask } from './postCommit.ts';

/**
 * The public kiosk API (issue 18): a front-desk form as a kiosk shows it, and a filled form becoming a case. No
 * sign-in: the Form ID in the link is all a kiosk knows. Exactly one case per submission id, whatever the repeats
 * or concurrency: the submission row (keyed by that id) is inserted with `on conflict do nothing` in the same
 * workspace transaction as the case, so of two concurrent posts one inserts and opens the case, and the other
 * finds the row and answers the same case.
 */
export type PublicFormView = { formId: string; name: string; description: string; template: string; version: number; fields: FormField[] };
export type SubmissionAnswer = { status: 200 | 201; caseId: string; duplicate: boolean };
export type SubmissionInput = {
  formId: string;
  kioskId: string;
  body: SubmissionBody;
  receivedAt: Date;
  /** ALLOW_PRIVATE_NETWORK: whether the webhook may be a private or loopback address (a local receiver). */
  allowPrivateWebhook: boolean;
};

export const WEBHOOK_TIMEOUT_MS = 5000;

const notAvailable = () => new ApiError(404, 'not-found', FORM_REFUSALS.notAvailable);
const usedElsewhere = () => new ApiError(409, 'conflict', 'This submission id was already used for another form');

async function liveForm(db: Kysely<Database>, formId: string) {
  const form = await db
    .selectFrom('frontdesk_forms')
    .select(['id', 'workspace_id', 'form_id', 'name', 'description', 'template', 'version', 'case_type_id', 'webhook'])
    .where('form_id', '=', formId)
    .where('deleted', '=', false)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!form) throw notAvailable();
  return form;
}

/** GET /public/forms/{formId}: the current version with its fields; unknown, deleted or inactive forms are 404. */
export async function publicForm(db: Kysely<Database>, formId: string): Promise<PublicFormView> {
  const form = await liveForm(db, formId);
  return { formId: form.form_id, name: form.name, description: form.description, template: form.template, version: form.version, fields: formFields(form.template) };
}

/** The template the kiosk filled: that version's, or the current one when the version is unknown. */
async function templateFilled(db: Kysely<Database>, form: { id: string; version: number; template: string }, version: number): Promise<string> {
  if (version === form.version) return form.template;
  const row = await db.selectFrom('frontdesk_form_versions').select('template').where('form_row_id', '=', form.id).where('version', '=', version).executeTakeFirst();
  return row?.template ?? form.template;
}

async function previousAnswer(db: Kysely<Database> | WriteContext['tx'], submissionId: string, formRowId: string): Promise<SubmissionAnswer | null> {
  const previous = await db.selectFrom('frontdesk_submissions').select(['form_row_id', 'case_id']).where('id', '=', submissionId).executeTakeFirst();
  if (!previous) return null;
  if (previous.form_row_id !== formRowId) throw usedElsewhere();
  return { status: 200, caseId: previous.case_id, duplicate: true };
}

/**
 * POST /public/forms/{formId}/submissions. Answers the case (201, or 200 with duplicate: true on a repeat) and the
 * after-commit work: the form's webhook, when one is set, for a first submission only.
 */
export async function receiveSubmission(db: Kysely<Database>, input: SubmissionInput): Promise<{ answer: SubmissionAnswer; afterCommit: PostCommitTask[] }> {
  const { body } = input;
  const form = await liveForm(db, input.formId);
  // A repeat (the kiosk's retry after a lost answer) is answered without taking the workspace's revision lock.
  const repeat = await previousAnswer(db, body.submissionId, form.id);
  if (repeat) return { answer: repeat, afterCommit: [] };

  const fields = formFields(await templateFilled(db, form, body.formVersion));
  const checked = checkSubmission(fields, body.values);
  if (!checked.ok) throw new ApiError(400, 'invalid', checked.message);
  const filledVersion = body.formVersion <= form.version ? body.formVersion : form.version;
  // The form's case type and its starting app's plan, read before the workspace's lock.
  const prepared = await prepareCase(db, form.workspace_id, form.case_type_id).catch((error: unknown) => {
    // The form's case type is gone: the form cannot take submissions until an administrator fixes it.
    throw error instanceof ApiError && error.statusCode === 404 ? notAvailable() : error;
  });

  const answer = await withWorkspaceWrite(db, form.workspace_id, async (tx, rev): Promise<SubmissionAnswer> => {
    const caseId = `case-${randomUUID()}`;
    const inserted = await tx
      .insertInto('frontdesk_submissions')
      .values({
        id: body.submissionId,
        workspace_id: form.workspace_id,
        form_row_id: form.id,
        form_version: filledVersion,
        kiosk_id: input.kioskId,
        values: body.values,
        case_id: caseId,
        filled_at: new Date(body.filledAt),
        received_at: input.receivedAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const concurrent = await previousAnswer(tx, body.submissionId, form.id);
      if (!concurrent) throw usedElsewhere();
      return concurrent;
    }
    const ctx: WriteContext = { tx, rev, actor: engineActor(form.workspace_id), now: input.receivedAt };
    const description = submissionCaseDescription(form.name, body.values, fields.map((f) => f.name));
    // The case's log (replicated with the case's records) says which form and which version of it was filled.
    await openCase(ctx, { caseId, caseTypeId: form.case_type_id, description, values: body.values }, prepared);
    await tx
      .insertInto('case_logs')
      .values({
        id: `clog-${randomUUID()}`,
        workspace_id: form.workspace_id,
        case_id: caseId,
        date: input.receivedAt,
        action_description: `Submitted at front desk form ${form.form_id}`,
        field_changed: 'formVersion',
        new_value: String(filledVersion),
        rev,
        created_at: input.receivedAt,
        updated_at: input.receivedAt,
      })
      .execute();
    return { status: 201, caseId, duplicate: false };
  });

  const webhook = form.webhook;
  const afterCommit: PostCommitTask[] =
    webhook && !answer.duplicate ? [webhookTask(webhook, input.allowPrivateWebhook, { formId: form.form_id, submissionId: body.submissionId, caseId: answer.caseId, formVersion: filledVersion, values: body.values })] : [];
  return { answer, afterCommit };
}

type WebhookPayload = { formId: string; submissionId: string; caseId: string; formVersion: number; values: Record<string, string> };

/**
 * POSTs the submission to the form's webhook with a 5 s timeout, through the engine's outbound client (private
 * addresses refused unless ALLOW_PRIVATE_NETWORK). A failure or an error status is logged; the case stands.
 */
function webhookTask(url: string, allowPrivate: boolean, payload: WebhookPayload): PostCommitTask {
  return async ({ log }) => {
    const response = await sendRequest(
      { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), timeoutMs: WEBHOOK_TIMEOUT_MS },
      allowPrivate,
    );
    if (response.status >= 400) log.error({ status: response.status, formId: payload.formId, submissionId: payload.submissionId }, 'front desk form webhook answered an error');
  };
}
