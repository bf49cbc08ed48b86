import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { canSaveForm, defaultFormLink, newFormSlug } from '../../domain/forms/formRules.ts';
import type { FrontdeskFormDoc } from '../../domain/sync/documents.gen.ts';

export type FormDraft = { formId: string; name: string; caseTypeId: string; description: string; template: string; link: string; webhook: string };
type Field = 'name' | 'caseTypeId' | 'description' | 'template' | 'link';

function initialDraft(form: FrontdeskFormDoc | undefined, workspaceId: string): FormDraft {
  if (form !== undefined) {
    return { formId: form.formId, name: form.name, caseTypeId: form.caseTypeId, description: form.description, template: form.template, link: form.link ?? '', webhook: form.webhook ?? '' };
  }
  // A new form's id and link are made when the dialog opens (part 2 §7: the default link comes from the workspace).
  const formId = newFormSlug(workspaceId, Math.random);
  return { formId, name: '', caseTypeId: '', description: '', template: '', link: defaultFormLink(formId), webhook: '' };
}

/**
 * The form dialog's state and its save (part 2 §2 Form editor, §5 form save rules, §8 Form messages): Save is enabled
 * when name, case type, description and template are set (editing also needs the link and the Form ID). The form
 * goes through the outbox as `form.create` or `form.update`, so a form saved offline reaches the server once.
 */
export function useFormEditor(form: FrontdeskFormDoc | undefined, onSaved: () => void) {
  const { t } = useTranslation();
  const workspaceId = useAtomValue(accountAtom)?.workspace.id ?? 'ws';
  const mode = form === undefined ? 'create' : 'edit';
  const [draft, setDraft] = useState(() => initialDraft(form, workspaceId));
  // A new form's row id is made once, so a repeated Save (a double click, an outbox replay) is one form.
  const [rowId] = useState(() => form?.id ?? `form-${crypto.randomUUID()}`);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canSave = canSaveForm(mode, draft) && !busy;

  const set = <K extends keyof FormDraft>(key: K, value: FormDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setTouched((s) => ({ ...s, [key]: true }));
  };
  const errorOf = (field: Field, label: string) => (touched[field] && draft[field].trim() === '' ? t('frontdesk.dialog.required', { field: label }) : undefined);

  async function submit(): Promise<void> {
    if (!canSave) return;
    setRefusal(null);
    setBusy(true);
    const fields = { id: rowId, name: draft.name.trim(), caseTypeId: draft.caseTypeId, description: draft.description.trim(), template: draft.template };
    const saved =
      mode === 'create'
        ? await mutate('form.create', { ...fields, formId: draft.formId, link: draft.link.trim() || null })
        : await mutate('form.update', { ...fields, link: draft.link.trim(), webhook: draft.webhook.trim() || null });
    setBusy(false);
    if (!saved.ok) {
      setRefusal(saved.message);
      showToast('error', t(mode === 'create' ? 'frontdesk.dialog.createFailed' : 'frontdesk.dialog.editFailed'), { detail: saved.message });
      return;
    }
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(mode === 'create' ? 'frontdesk.dialog.created' : 'frontdesk.dialog.edited'));
    else showToast('info', t('frontdesk.dialog.queued'));
    onSaved();
  }

  return { mode, draft, set, errorOf, canSave, refusal, busy, submit } as const;
}
