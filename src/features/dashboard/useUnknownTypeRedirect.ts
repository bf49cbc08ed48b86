import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import type { CaseTypeLookup } from './useCaseType.ts';

/** Part 2 §2: a case type that does not exist sends the user to /dashboard, saying why. */
export function useUnknownTypeRedirect(lookup: CaseTypeLookup): void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const missing = lookup.status === 'missing';
  useEffect(() => {
    if (!missing) return;
    showToast('info', t('caseActivity.unknownType'));
    void navigate({ to: '/dashboard', replace: true });
  }, [missing, navigate, t]);
}
