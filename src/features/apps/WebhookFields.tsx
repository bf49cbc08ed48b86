import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/replica.ts';
import { canGenerateToken, webhookCurl } from '../../domain/engine/eventRules.ts';
import { Button } from '../../ui/Button.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { NoteField } from '../tickets/NoteField.tsx';
import { CopyField } from './CopyField.tsx';
import type { EventForm } from './useEventForm.ts';

/**
 * Part 1 §2/§5 webhook section: name, passphrase, Generate Token (enabled when the passphrase is longer than 3
 * characters and the server can be reached), then the URL, the token (this once) and a ready-to-paste request.
 */
export function WebhookFields({ form }: { form: EventForm }) {
  const { t } = useTranslation();
  const online = useSyncStatus().online;
  const guard = useButtonGuard();
  const passphraseId = useId();
  const { values, set, webhook, errors } = form;
  const tokenReady = canGenerateToken(values.passphrase);
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('apps.eventForm.webhook')}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-400 accent-slate-800" checked={values.useWebhook} onChange={(e) => set('useWebhook', e.target.checked)} />
        {t('apps.eventForm.useWebhook')}
      </label>
      {values.useWebhook && (
        <>
          <NoteField label={t('apps.eventForm.webhookName')} value={values.webhookName} onChange={(v) => set('webhookName', v)} error={errors.webhookName} maxLength={150} />
          {!online && (
            <p role="status" className="rounded-lg bg-yellow-50 p-2 text-sm text-yellow-900" data-testid="webhook-offline">
              {t('apps.eventForm.offline')}
            </p>
          )}
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={passphraseId} className="text-sm font-semibold text-slate-800">
                {t('apps.eventForm.passphrase')}
              </label>
              <input
                id={passphraseId}
                type="password"
                autoComplete="new-password"
                value={values.passphrase}
                onChange={(e) => set('passphrase', e.target.value)}
                aria-describedby={`${passphraseId}-hint`}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus"
              />
              <span id={`${passphraseId}-hint`} className="text-xs text-slate-600">
                {t('apps.eventForm.passphraseHint')}
              </span>
            </div>
            <Button variant="secondary" disabled={!tokenReady || !online || form.generating} onClick={() => guard(() => void form.generateToken())} className="mb-5">
              {form.generating ? t('apps.eventForm.generating') : t('apps.eventForm.generateToken')}
            </Button>
          </div>
          {form.generateError !== null && (
            <p role="alert" className="text-sm text-red-800">
              {form.generateError}
            </p>
          )}
          {errors.webhook !== undefined && (
            <p role="alert" className="text-sm text-red-800">
              {errors.webhook}
            </p>
          )}
          {webhook !== null && (
            <div className="flex flex-col gap-2">
              <CopyField label={t('apps.eventForm.url')} value={webhook.url} testId="webhook-url" />
              {webhook.token !== null ? (
                <>
                  <CopyField label={t('apps.eventForm.token')} value={webhook.token} testId="webhook-token" />
                  <p className="text-sm font-semibold text-yellow-900">{t('apps.eventForm.tokenOnce')}</p>
                </>
              ) : (
                webhook.tokenHint !== null && <p className="text-sm text-slate-700">{t('apps.eventForm.tokenSet', { hint: webhook.tokenHint })}</p>
              )}
              <CopyField label={t('apps.eventForm.curl')} value={webhookCurl(webhook.url, webhook.token)} multiline testId="webhook-curl" />
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
