import { useTranslation } from 'react-i18next';
import { ageLabel } from '../domain/ui/ageLabel.ts';
import { Badge } from './Badge.tsx';
import { useDateFormat } from './useDateFormat.ts';

type Props = { createdAt: number; now?: number };

/** How long ago something was created ('now', 45s, 5m, 3h, 2d); the full date on hover and for screen readers. */
export function AgeBadge({ createdAt, now = Date.now() }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const created = t('table.created', { date: formatDate(createdAt) });
  return (
    <Badge title={created} className="relative">
      <time dateTime={new Date(createdAt).toISOString()}>{ageLabel(createdAt, now)}</time>
      <span className="sr-only">, {created}</span>
    </Badge>
  );
}
