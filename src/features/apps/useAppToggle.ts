import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../data/replica.ts';
import { reportSave } from './saveOutcome.ts';

/**
 * Part 1 §4: the app's active flag, toggled optimistically (the replica shows it at once, offline too); a refusal
 * takes it back and says so with the spec's text (here for the replica's, in useEngineRejections for the server's).
 */
export function useAppToggle(): (appId: string, isActive: boolean) => void {
  const { t } = useTranslation();
  return useCallback(
    (appId: string, isActive: boolean) => {
      void mutate('app.setActive', { id: appId, isActive }).then((result) => reportSave(result, 'app.setActive', 'apps.messages.updated', t));
    },
    [t],
  );
}
