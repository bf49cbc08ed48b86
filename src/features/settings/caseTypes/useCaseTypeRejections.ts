import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/state/toastAtoms.ts';
import { useRejections } from '../../../data/replica.ts';
import { FAILURE_KEYS, messageOf } from './caseTypeMessages.ts';

/**
 * Shows each case type or state change the server refuses while these screens are open, with the spec's failure
 * text (part 2 §8) and the reason in the user's words. The replica has already put the documents back.
 */
export function useCaseTypeRejections(): void {
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
      const key = FAILURE_KEYS[rejection.name];
      if (key !== undefined) showToast('error', t(key), { detail: messageOf(rejection.message, t) });
    }
  }, [rejections, t]);
}
