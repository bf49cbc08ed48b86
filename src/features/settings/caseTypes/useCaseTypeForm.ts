import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../../data/replica.ts';
import { CASE_TYPE_MESSAGES, caseTypeCodeSchema, caseTypeFieldsSchema } from '../../../domain/cases/caseTypeRules.ts';
import type { CaseTypeDoc } from '../../../domain/sync/documents.gen.ts';
import { useButtonGuard } from '../../../ui/useButtonGuard.ts';
import { messageOf, reportCaseTypeSave } from './caseTypeMessages.ts';
import type { CaseTypesData } from './useCaseTypesData.ts';
import { stateFormErrors, type StateFormErrors, type StateFormValues } from './useStateForm.ts';

export type NewStateRow = StateFormValues & { stateId: string };
export type CaseTypeFormValues = { code: string; description: string; startingAppId: string; paramsExpected: string; resultsExpected: string; states: NewStateRow[] };
type Errors = Partial<Record<'code' | 'description' | 'startingAppId' | 'paramsExpected' | 'resultsExpected', string>> & { states?: StateFormErrors[] };

const newStateRow = (order: number): NewStateRow => ({ stateId: `cst-${crypto.randomUUID()}`, key: '', description: '', order: String(order), hide: false });

/**
 * The case type form (part 2 §2 create form with its starting app; edit keeps the ID): the starting app is exactly
 * one of the user's apps, or one made here with the small app form; a new type may bring its first states. The
 * change goes through the outbox in one mutation, so it works offline and the new type shows at once.
 */
export function useCaseTypeForm(data: CaseTypesData, type: CaseTypeDoc | null, onSaved: (caseTypeId: string) => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CaseTypeFormValues>(() => ({
    code: type?.code ?? '',
    description: type?.description ?? '',
    startingAppId: type?.startingAppId ?? '',
    paramsExpected: type?.paramsExpected ?? '',
    resultsExpected: type?.resultsExpected ?? '',
    states: type === null ? [newStateRow(1)] : [],
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();
  // A field's message goes as soon as it is changed; the next submit checks again.
  const set = <K extends keyof CaseTypeFormValues>(key: K, value: CaseTypeFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setState = (index: number, change: Partial<StateFormValues>) => {
    setValues((v) => ({ ...v, states: v.states.map((s, i) => (i === index ? { ...s, ...change } : s)) }));
    setErrors((e) => (e.states === undefined ? e : { ...e, states: e.states.map((row, i) => (i === index ? { ...row, ...Object.fromEntries(Object.keys(change).map((k) => [k, undefined])) } : row)) }));
  };
  const addState = () => setValues((v) => ({ ...v, states: [...v.states, newStateRow(v.states.length + 1)] }));
  const removeState = (index: number) => {
    setValues((v) => ({ ...v, states: v.states.filter((_, i) => i !== index) }));
    setErrors((e) => (e.states === undefined ? e : { ...e, states: e.states.filter((_, i) => i !== index) }));
  };

  function check(): Errors {
    const found: Errors = {};
    const fields = caseTypeFieldsSchema.safeParse(values);
    if (!fields.success) {
      for (const issue of fields.error.issues) {
        const field = issue.path[0];
        if ((field === 'description' || field === 'startingAppId' || field === 'paramsExpected' || field === 'resultsExpected') && found[field] === undefined) found[field] = messageOf(issue.message, t);
      }
    }
    if (type === null) {
      const code = caseTypeCodeSchema.safeParse(values.code);
      if (!code.success) found.code = messageOf(code.error.issues[0]?.message ?? CASE_TYPE_MESSAGES.idInvalid, t);
      // Only the server sees every type; this catches the repeats the list shows before they are queued.
      else if (data.types.some((other) => other.code.toUpperCase() === code.data.toUpperCase())) found.code = messageOf(CASE_TYPE_MESSAGES.idTaken, t);
      const stateErrors = values.states.map((s, i) =>
        stateFormErrors(
          s,
          values.states.filter((_, j) => j < i).map((o) => o.key),
          t,
        ),
      );
      if (stateErrors.some((e) => Object.keys(e).length > 0)) found.states = stateErrors;
    }
    return found;
  }

  function submit(): void {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) guard(() => void save());
  }

  async function save(): Promise<void> {
    setRefusal(null);
    setBusy(true);
    const fields = { description: values.description, startingAppId: values.startingAppId, paramsExpected: values.paramsExpected, resultsExpected: values.resultsExpected };
    const caseTypeId = type?.id ?? `ct-${crypto.randomUUID()}`;
    const name = type === null ? 'caseType.create' : 'caseType.update';
    const states = values.states.map((s) => ({ stateId: s.stateId, key: s.key, description: s.description, order: s.order.trim() === '' ? 0 : s.order, hide: s.hide }));
    const result = await mutate(name, type === null ? { caseTypeId, code: values.code.trim(), ...fields, states } : { caseTypeId, ...fields });
    setBusy(false);
    if (!reportCaseTypeSave(result, name, t)) {
      if (!result.ok) setRefusal(messageOf(result.message, t));
      return;
    }
    onSaved(caseTypeId);
  }

  return { values, set, setState, addState, removeState, errors, refusal, busy, submit };
}
