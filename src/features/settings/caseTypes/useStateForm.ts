import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../../data/replica.ts';
import { CASE_TYPE_MESSAGES, stateFieldsSchema } from '../../../domain/cases/caseTypeRules.ts';
import type { CaseStateDoc } from '../../../domain/sync/documents.gen.ts';
import { useButtonGuard } from '../../../ui/useButtonGuard.ts';
import { messageOf, reportCaseTypeSave } from './caseTypeMessages.ts';

export type StateFormValues = { key: string; description: string; order: string; hide: boolean };
export type StateFormErrors = Partial<Record<'key' | 'description' | 'order', string>>;

/** The state form's checks (part 2 §5: id and description required; order a whole number), in the user's words. */
export function stateFormErrors(values: StateFormValues, takenKeys: readonly string[], t: (key: string) => string): StateFormErrors {
  const parsed = stateFieldsSchema.safeParse({ ...values, order: values.order.trim() === '' ? 0 : values.order });
  const errors: StateFormErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'key' || field === 'description' || field === 'order') && errors[field] === undefined) errors[field] = messageOf(issue.message, t);
    }
  }
  if (errors.key === undefined && takenKeys.some((k) => k.toUpperCase() === values.key.trim().toUpperCase())) errors.key = messageOf(CASE_TYPE_MESSAGES.stateIdTaken, t);
  return errors;
}

/**
 * The state dialog (part 2 §2 state form: Name ID and Description, with order and hide): a new state or an edit of
 * one, through the outbox, so it works offline; the ID of a saved state does not change.
 */
export function useStateForm(caseTypeId: string, state: CaseStateDoc | null, takenKeys: readonly string[], onSaved: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StateFormValues>(() => ({
    key: state?.stateKey ?? '',
    description: state?.description ?? '',
    order: String(state?.order ?? ''),
    hide: state?.hide ?? false,
  }));
  const [errors, setErrors] = useState<StateFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();
  const set = <K extends keyof StateFormValues>(key: K, value: StateFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function submit(): void {
    const found = stateFormErrors(values, state === null ? takenKeys : [], t);
    setErrors(found);
    if (Object.keys(found).length === 0) guard(() => void save());
  }

  async function save(): Promise<void> {
    setRefusal(null);
    setBusy(true);
    const fields = stateFieldsSchema.parse({ ...values, order: values.order.trim() === '' ? 0 : values.order });
    const name = state === null ? 'caseState.create' : 'caseState.update';
    const result =
      state === null
        ? await mutate(name, { caseTypeId, stateId: `cst-${crypto.randomUUID()}`, ...fields })
        : await mutate(name, { caseTypeId, stateId: state.id, description: fields.description, order: fields.order, hide: fields.hide });
    setBusy(false);
    if (!reportCaseTypeSave(result, name, t)) {
      if (!result.ok) setRefusal(messageOf(result.message, t));
      return;
    }
    onSaved();
  }

  return { values, set, errors, refusal, busy, submit };
}
