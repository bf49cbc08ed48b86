import { useTranslation } from 'react-i18next';
import type { Account } from '../../data/auth.ts';
import { Badge } from '../../ui/Badge.tsx';
import type { BadgeTone } from '../../ui/Badge.tsx';

/** Part 1 §2: 0 Active, 1 Inactive shown yellow, 2 Expired shown red. */
const STATUS_TONES: Record<number, BadgeTone> = { 0: 'green', 1: 'yellow', 2: 'red' };

export function UserBadge({ account }: { account: Account }) {
  const { t } = useTranslation();
  const status = account.status in STATUS_TONES ? account.status : 0;
  return (
    <div className="hidden items-center gap-2 px-2 sm:flex" data-testid="user-badge">
      <span className="text-sm font-medium text-slate-900">{account.name}</span>
      <Badge tone={STATUS_TONES[status] ?? 'green'}>{t(`shell.userStatus.${status}`)}</Badge>
    </div>
  );
}
