import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { CORS_MESSAGES, corsFormErrors, normaliseOriginUrl } from '../../domain/settings/corsRules.ts';
import type { CorsOriginDoc } from '../../domain/sync/documents.gen.ts';
import type { CorsData } from './useCorsData.ts';

export type CorsFormValues = { origin: string; description: string; active: boolean };
type FieldErrors = { origin?: string; description?: string };

/** The spec's messages (part 1 §5, §8) as the user's language says them. */
const MESSAGE_KEYS: Record<string, string> = {
  [CORS_MESSAGES.originRequired]: 'settings.cors.originRequired',
  [CORS_MESSAGES.originInvalid]: 'settings.cors.originInvalid',
};

/** What a refusal says: the spec's words for 403 and 409, else the general failure with the reason as its detail. */
export function refusalTitle(code: string, fallbackKey: string): string {
  if (code === 'forbidden') return 'settings.cors.forbidden';
  if (code === 'already-exists') return 'settings.cors.duplicate';
  return fallbackKey;
}

/**
 * The origin form's state and its save (part 1 §2, §5, §8): the origin is checked as typed, a duplicate of one the
 * screen shows is caught before it is queued, and the change goes through the outbox, so it works offline.
 */
export function useCorsForm(origin: CorsOriginDoc | null, data: CorsData, onSaved: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CorsFormValues>(() => ({ origin: origin?.origin ?? '', description: origin?.description ?? '', active: origin?.active ?? true }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof CorsFormValues>(key: K, value: CorsFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(): Promise<boolean> {
    const found = corsFormErrors(values);
    const next: FieldErrors = {
      ...(found.origin ? { origin: t(MESSAGE_KEYS[found.origin] ?? found.origin) } : {}),
      ...(found.description ? { description: found.description } : {}),
    };
    if (!next.origin && data.exists(values.origin, origin?.id ?? null)) next.origin = t('settings.cors.duplicate');
    setErrors(next);
    if (next.origin || next.description) return false;
    setBusy(true);
    const fields = { origin: normaliseOriginUrl(values.origin), description: values.description.trim() };
    const saved =
      origin === null
        ? await mutate('cors.create', { id: `cors-${crypto.randomUUID()}`, ...fields })
        : await mutate('cors.update', { id: origin.id, ...fields, active: values.active });
    setBusy(false);
    if (!saved.ok) {
      const title = refusalTitle(saved.code, origin === null ? 'settings.cors.createFailed' : 'settings.cors.updateFailed');
      showToast('error', t(title), { detail: saved.message });
      return false;
    }
    // Offline the change waits in the outbox: say so, rather than a confirmation the server has not given.
    if (currentSyncStatus().online) showToast('success', t(origin === null ? 'settings.cors.created' : 'settings.cors.updated'));
    else showToast('info', t('settings.queued'));
    onSaved();
    return true;
  }

  return { values, set, errors, busy, submit };
}
