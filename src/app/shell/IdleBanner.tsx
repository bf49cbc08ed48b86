import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../domain/session/sessionClock.ts';

/** Tells an idle user (session state 1 or 2) what keeps the session alive. */
export function IdleBanner({ state }: { state: SessionState }) {
  const { t } = useTranslation();
  if (state === 0) return null;
  return (
    <p role="status" data-testid="idle-banner" className="border-b border-yellow-300 bg-yellow-50 px-4 py-2 text-sm text-yellow-900">
      {t('shell.idleWarning')}
    </p>
  );
}
