import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';

type Props = { topic: 'billing' };

/**
 * The Settings tabs whose screens are not built yet (part 1 §2: Billing — empty —):
 * a clear note of what arrives there and with what, never a blank panel.
 */
export function PlannedTab({ topic }: Props) {
  const { t } = useTranslation();
  return (
    <div data-testid={`settings-${topic}`}>
      <EmptyState icon="empty" title={t(`workspace.${topic}.title`)} text={t(`workspace.${topic}.text`)} />
    </div>
  );
}
