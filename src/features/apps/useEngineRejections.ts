import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { useRejections } from '../../data/replica.ts';

/** The spec's failure text (part 1 §8) for each app and event change the server may refuse. */
const FAILURE_KEY: Record<string, string> = {
  'app.create': 'apps.messages.createFailed',
  'app.update': 'apps.messages.updateFailed',
  'app.setActive': 'apps.messages.updateFailed',
  'app.delete': 'apps.messages.deleteFailed',
  'event.create': 'apps.events.saveFailed',
  'event.update': 'apps.events.saveFailed',
  'event.setActive': 'apps.events.statusFailed',
  'event.delete': 'apps.events.deleteFailed',
  'instance.retry': 'apps.instance.retryFailed',
  'instance.start': 'apps.generate.failed',
};

export const failureKeyOf = (mutationName: string) => FAILURE_KEY[mutationName] ?? 'apps.messages.updateFailed';

/**
 * Shows each app or event change the server refuses while an apps screen is open, with the spec's text and the
 * server's reason. The replica has already taken the refused change away, so a switch is back where it was.
 */
export function useEngineRejections(): void {
  const { t } = useTranslation();
  const rejections = useRejections();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(rejections.map((r) => r.mutationId));
      return;
    }
    for (const rejection of rejections) {
      if (seen.current.has(rejection.mutationId)) continue;
      seen.current.add(rejection.mutationId);
      if (rejection.name in FAILURE_KEY) showToast('error', t(failureKeyOf(rejection.name)), { detail: rejection.message });
    }
  }, [rejections, t]);
}
