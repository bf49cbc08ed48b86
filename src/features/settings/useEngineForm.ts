import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { authorisationChanges, engineFormState, type EngineForm } from '../../domain/settings/engineRules.ts';
import type { EngineDoc } from '../../domain/sync/documents.gen.ts';
import type { EnginesData } from './useEnginesData.ts';

const newId = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;

function initialValues(engine: EngineDoc | null, data: EnginesData): EngineForm {
  if (engine === null) return { name: '', description: '', isActive: true, users: [] };
  return { name: engine.name, description: engine.description, isActive: engine.isActive, users: data.linksOf(engine.id).map((l) => l.userId) };
}

/**
 * The engine form's state and its save (part 1 §2, §5, §8): Save stays disabled until the name and description are
 * given and something differs from the start. The engine and its authorisation changes go as one mutation through
 * the outbox, so a save made offline reaches the server once, whole.
 */
export function useEngineForm(engine: EngineDoc | null, data: EnginesData, onSaved: (engineId: string) => void) {
  const { t } = useTranslation();
  const [initial] = useState(() => initialValues(engine, data));
  const [values, setValues] = useState(initial);
  // A new engine's id is made when the form opens, so Advanced Settings can show it before the save.
  const [engineId] = useState(() => engine?.id ?? newId('eng'));
  const [touched, setTouched] = useState<{ name?: boolean; description?: boolean }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = engineFormState(values, initial);
  // A field says 'Required' once it has been typed in, not when the focus merely passes: a message appearing on blur
  // moves the form under the pointer that is clicking elsewhere.
  const set = <K extends keyof EngineForm>(key: K, value: EngineForm[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key === 'name' || key === 'description') setTouched((s) => ({ ...s, [key]: true }));
  };
  const errorOf = (field: 'name' | 'description') => (touched[field] && state.errors[field] ? t('engines.required') : undefined);

  async function submit(): Promise<void> {
    if (!state.valid || !state.changed || busy) return;
    setRefusal(null);
    setBusy(true);
    const fields = { engineId, name: values.name.trim(), description: values.description.trim(), isActive: values.isActive };
    const changes = authorisationChanges(engine === null ? [] : data.linksOf(engine.id), values.users, () => newId('eu'));
    const saved = engine === null ? await mutate('engine.create', { ...fields, addUsers: changes.addUsers }) : await mutate('engine.update', { ...fields, ...changes });
    setBusy(false);
    if (!saved.ok) {
      setRefusal(saved.message);
      showToast('error', t(engine === null ? 'engines.createFailed' : 'engines.updateFailed'), { detail: saved.message });
      return;
    }
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(engine === null ? 'engines.created' : 'engines.updated'));
    else showToast('info', t('settings.queued'));
    onSaved(engineId);
  }

    const blocked = !state.valid ? 'engines.requiredHint' : !state.changed ? 'engines.unchanged' : null;
  return { engineId, values, set, errorOf, canSave: blocked === null && !busy, blocked, refusal, busy, submit };
}
