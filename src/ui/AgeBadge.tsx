import { useTranslation } from 'react-i18next';
import { ageLabel } from '../domain/ui/ageLabel.ts';
import { Badge } from './Badge.tsx';

type Props = { createdAt: number; now?: number };

/** How long ago something was created ('now', 45s, 5m, 3h, 2d), with the full date in its tooltip. */
export function AgeBadge({ createdAt, now = Date.now() }: Props) {
  const { t, i18n } = useTranslation();
  const created = new Date(createdAt).toLocaleString(i18n.language);
  return (
    <Badge title={t('table.created', { date: created })}>
      <span aria-label={t('table.created', { date: created })}>{ageLabel(createdAt, now)}</span>
    </Badge>
  );
}
