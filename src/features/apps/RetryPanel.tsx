import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { Button } from '../../ui/Button.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

/**
 * Retry of a failed instance (part 1 §2), from the failed stage or from the start: through the outbox, so it
 * shows at once and, offline, is queued and sent later. The buttons share one guard (part 1 §9: 1,000 ms).
 */
export function RetryPanel({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const guard = useButtonGuard();
  const [busy, setBusy] = useState(false);

  const retry = (from: 'failed' | 'start') =>
    guard(() => {
      setBusy(true);
      void mutate('instance.retry', { id: instanceId, from }).then((result) => {
        setBusy(false);
        if (!result.ok) showToast('error', t('apps.instance.retryFailed'), { detail: result.message });
        else if (currentSyncStatus().online) showToast('success', t('apps.instance.retried'));
        else showToast('info', t('apps.queued'));
      });
    });

  return (
    <section aria-labelledby="retry-title" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
      <h2 id="retry-title" className="text-lg font-semibold text-red-900">
        {t('apps.instance.retryTitle')}
      </h2>
      <p className="text-sm text-red-900">{t('apps.instance.retryText')}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => retry('failed')} disabled={busy}>
          {busy ? t('apps.instance.retrying') : t('apps.instance.retryFailedStage')}
        </Button>
        <Button variant="secondary" onClick={() => retry('start')} disabled={busy}>
          {t('apps.instance.retryStart')}
        </Button>
      </div>
    </section>
  );
}
