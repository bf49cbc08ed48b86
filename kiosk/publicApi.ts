/**
 * The public kiosk API (no sign-in), as the contract defines it: GET /public/forms/:formId and
 * POST /public/forms/:formId/submissions with the device's x-kiosk-id.
 */
import type { FormField } from '../src/domain/forms/formFields.ts';
import type { QueuedSubmission } from './queue.ts';

export type PublicForm = { formId: string; name: string; description: string; template: string; version: number; fields: FormField[] };

export type FormAnswer = { kind: 'form'; form: PublicForm } | { kind: 'not-found' } | { kind: 'unreachable' };

export function formUrl(formId: string): string {
  return `/public/forms/${encodeURIComponent(formId)}`;
}

export async function fetchPublicForm(formId: string): Promise<FormAnswer> {
  let response: Response;
  try {
    response = await fetch(formUrl(formId), { headers: { accept: 'application/json' }, cache: 'no-store' });
  } catch {
    return { kind: 'unreachable' };
  }
  // 400: not a form id at all.
  if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
  if (!response.ok) return { kind: 'unreachable' };
  try {
    return { kind: 'form', form: (await response.json()) as PublicForm };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** Sends one queued submission; answers the HTTP status, or null when no answer came (offline, reset). */
export async function postSubmission(entry: QueuedSubmission, kioskId: string): Promise<number | null> {
  try {
    const response = await fetch(`${formUrl(entry.formId)}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-kiosk-id': kioskId },
      body: JSON.stringify({ submissionId: entry.submissionId, formVersion: entry.formVersion, values: entry.values, filledAt: entry.filledAt }),
      cache: 'no-store',
    });
    // The body is not needed (201/200 both mean the server holds it); drain it so the connection is reused.
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return null;
  }
}
