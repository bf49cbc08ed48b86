import { useTranslation } from 'react-i18next';
import { statusLook } from '../../domain/settings/userRules.ts';

const DOT = { green: 'bg-green-600', yellow: 'bg-yellow-400 ring-1 ring-yellow-700', red: 'bg-red-600' } as const;

/** Part 1 §2 and §4: the status dot (0 Active, 1 Inactive shown yellow, 2 Expired shown red) with its word. */
export function UserStatus({ status }: { status: unknown }) {
  const { t } = useTranslation();
  const look = statusLook(status);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-700" data-status={look.key}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${DOT[look.tone]}`} />
      {t(`accounts.status.${look.key}`)}
    </span>
  );
}
