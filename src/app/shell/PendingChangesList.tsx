import { useTranslation } from 'react-i18next';
import { usePendingMutations, useRejections } from '../../data/replica.ts';
import type { PendingMutation, Rejection } from '../../data/replicaApi.ts';
import { refusalAdvice } from '../../domain/mutations/describe.ts';
import { ageLabel } from '../../domain/ui/ageLabel.ts';
import { useChangeWords } from './useChangeWords.ts';

/**
 * The outbox as the user sees it: each waiting change in their words and how long it has waited, then recent
 * refusals with what happened and what to do. Mutation names, attempts and errors are for the Details.
 */
export function PendingChangesList({ now }: { now: number }) {
  const { t } = useTranslation();
  const pending = usePendingMutations();
  const rejections = useRejections().slice(0, 3);
  const words = useChangeWords([...pending, ...rejections]);
  // The age as the badges write it ('5m'), or, for a change of the last moments, words in the user's language.
  const waited = (at: number) => {
    const age = ageLabel(at, now);
    return age === 'now' ? t('sync.waitingMoment') : t('sync.waitingSince', { age });
  };
  return (
    <div className="mt-1 max-h-64 overflow-y-auto text-sm">
      {pending.length === 0 ? (
        <p className="text-slate-600">{t('sync.noPending')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="pending-changes">
          {pending.map((mutation: PendingMutation) => (
            <li key={mutation.id} className="py-1.5">
              <span className="text-slate-900">{words(mutation)}</span>
              <span className="ml-2 text-xs text-slate-600">{waited(mutation.at)}</span>
            </li>
          ))}
        </ul>
      )}
      {rejections.map((rejection: Rejection) => (
        <p key={rejection.mutationId} className="mt-2 text-xs text-red-800" data-testid="refused-change">
          {t('sync.rejected', { change: words(rejection), message: rejection.message.replace(/[.!]+$/, ''), advice: t(refusalAdvice(rejection.code)) })}
        </p>
      ))}
    </div>
  );
}

/** The technical side of the same list, for support: names, attempts and the last error of each waiting change. */
export function PendingChangesDetails({ lastError }: { lastError: string | null }) {
  const { t } = useTranslation();
  const pending = usePendingMutations();
  return (
    <details className="mt-3 text-xs text-slate-700">
      <summary className="cursor-pointer rounded font-medium focus-visible:outline-2 focus-visible:outline-focus">{t('sync.details')}</summary>
      {lastError !== null && <p className="mt-1 font-mono break-words">{lastError}</p>}
      <ul className="mt-1 space-y-1">
        {pending.map((mutation) => (
          <li key={mutation.id} className="font-mono break-words">
            {mutation.name} · {mutation.id}
            {mutation.attempts > 0 && ` · ${t('sync.attempts', { count: mutation.attempts })}`}
            {mutation.lastError !== null && ` · ${mutation.lastError}`}
          </li>
        ))}
      </ul>
    </details>
  );
}
