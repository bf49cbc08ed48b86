import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

type Props = { label: string; value: string; multiline?: boolean; testId?: string };

/** A read-only value with a Copy button (the webhook's URL, token and example request); selectable by hand too. */
export function CopyField({ label, value, multiline = false, testId }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    void navigator.clipboard.writeText(value).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  const field = 'min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 focus-visible:outline-2 focus-visible:outline-focus';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {multiline ? (
          <textarea id={id} readOnly rows={4} value={value} className={`${field} resize-none break-all`} data-testid={testId} />
        ) : (
          <input id={id} readOnly value={value} className={field} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        )}
        <Button size="sm" variant="secondary" onClick={copy} aria-label={t('apps.eventForm.copyNamed', { what: label })}>
          {state === 'copied' ? t('apps.eventForm.copied') : t('apps.eventForm.copy')}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-red-800">
        {state === 'failed' ? t('apps.eventForm.copyFailed') : ''}
      </p>
    </div>
  );
}
