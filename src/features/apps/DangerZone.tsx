import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from '../../data/replica.ts';
import type { AppDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { reportSave } from './saveOutcome.ts';

/** Part 1 §2 App edit, Danger Zone: Delete Application asks first (the spec's words), then the user lands on /apps. */
export function DangerZone({ app }: { app: AppDoc }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useButtonGuard();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(): Promise<void> {
    setBusy(true);
    const result = await mutate('app.delete', { id: app.id });
    setBusy(false);
    setAsking(false);
    if (reportSave(result, 'app.delete', 'apps.messages.deleted', t)) void navigate({ to: '/apps' });
  }

  return (
    <section aria-labelledby="danger-zone" className="flex flex-col gap-3 rounded-xl border border-red-300 bg-white p-4">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        {t('apps.edit.danger')}
      </h2>
      <p className="text-sm text-slate-700">{t('apps.edit.dangerText')}</p>
      <Button variant="danger" className="self-start" onClick={() => setAsking(true)}>
        {t('apps.edit.deleteApp')}
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('apps.edit.deleteTitle', { name: app.name })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
              {t('apps.form.cancel')}
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => guard(() => void confirm())}>
              {busy ? t('apps.edit.deleting') : t('apps.edit.confirmDelete')}
            </Button>
          </>
        }
      >
        <p className="break-words">{t('apps.edit.deleteText', { name: app.name })}</p>
      </Dialog>
    </section>
  );
}
