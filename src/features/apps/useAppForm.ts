import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { mutate } from '../../data/replica.ts';
import { creatableEngines } from '../../domain/engine/appList.ts';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { reportSave } from './saveOutcome.ts';
import type { AppsData } from './useAppsData.ts';

export type AppFormValues = { engineId: string; name: string; description: string };
type Errors = Partial<Record<keyof AppFormValues, string>>;

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

/**
 * The App creation form (part 1 §2, §5): engine, name and description, all required. The app and its flow get
 * ids made here, so the new card shows at once (offline too) and the server's rows share them. A new app takes
 * the workspace's first calendar, as the spec's POST /apps sends a fixed one; App edit changes it.
 */
export function useAppForm(data: AppsData, onSaved: (appId: string) => void) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const engines = creatableEngines(data.engines, data.engineUsers, account?.id ?? '', account?.role === 'ADMIN');
  const [values, setValues] = useState<AppFormValues>(() => ({ engineId: engines.length === 1 ? engines[0]!.id : '', name: '', description: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof AppFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const guard = useButtonGuard();

  /** Checks the fields; only a valid form is sent, guarded against a double press (part 1 §9). */
  function submit(): void {
    const found: Errors = {};
    if (values.engineId === '') found.engineId = t('apps.form.engineRequired');
    if (values.name.trim() === '') found.name = t('apps.form.nameRequired');
    if (values.description.trim() === '') found.description = t('apps.form.descriptionRequired');
    setErrors(found);
    if (Object.keys(found).length === 0) guard(() => void save());
  }

  async function save(): Promise<void> {
    setRefusal(null);
    setBusy(true);
    const calendar = data.calendars[0];
    const appId = newId('app');
    const result = await mutate('app.create', {
      id: appId,
      flowId: newId('flow'),
      name: values.name.trim(),
      description: values.description.trim(),
      engine: { id: values.engineId },
      isActive: true,
      calendar: calendar === undefined ? null : { id: calendar.id },
    });
    setBusy(false);
    if (!reportSave(result, 'app.create', 'apps.messages.created', t)) {
      if (!result.ok) setRefusal(result.message);
      return;
    }
    onSaved(appId);
  }

  return { values, set, errors, refusal, busy, submit, engines };
}
