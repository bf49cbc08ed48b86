import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { useRejections } from '../../data/replica.ts';

/**
 * A delete the server refuses later (the case changed meanwhile, the user lost the CASES module) is told in the
 * user's words while the activity page is open; the replica has already put the case back as the server has it.
 */
export function useDeleteRejections(): void {
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
      if (rejection.name === 'case.update') showToast('error', t('caseActivity.delete.failed'), { detail: rejection.message });
    }
  }, [rejections, t]);
}
