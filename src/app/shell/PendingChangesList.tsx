import { useTranslation } from 'react-i18next';
import { usePendingMutations, useRejections } from '../../data/replica.ts';
import type { PendingMutation, Rejection } from '../../data/replicaApi.ts';
import { ageLabel } from '../../domain/ui/ageLabel.ts';

/** The outbox as the user sees it: each waiting change with its age and attempts, then recent refusals. */
export function PendingChangesList({ now }: { now: number }) {
  const { t } = useTranslation();
  const pending = usePendingMutations();
  const rejections = useRejections();
  return (
    <div className="mt-1 max-h-64 overflow-y-auto text-sm">
      {pending.length === 0 ? (
        <p className="text-slate-600">{t('sync.noPending')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="pending-changes">
          {pending.map((mutation: PendingMutation) => (
            <li key={mutation.id} className="py-1.5">
              <span className="font-mono text-xs text-slate-900">{mutation.name}</span>
              <span className="ml-2 text-xs text-slate-600">
                {ageLabel(mutation.at, now)}
                {mutation.attempts > 0 && ` · ${t('sync.attempts', { count: mutation.attempts })}`}
              </span>
              {mutation.lastError !== null && <p className="text-xs text-red-800">{mutation.lastError}</p>}
            </li>
          ))}
        </ul>
      )}
      {rejections.slice(0, 3).map((rejection: Rejection) => (
        <p key={rejection.mutationId} className="mt-2 text-xs text-red-800">
          {t('sync.rejected', { message: rejection.message })}
        </p>
      ))}
    </div>
  );
}
