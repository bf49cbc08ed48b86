import { useTranslation } from 'react-i18next';
import { ALL_BATCH_STATUSES } from '../../domain/batches/batchLifecycle.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';

/** A batch's or a line's status in part 2 §4's colour and words ('Por iniciar' for a batch not started). */
export function BatchStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (ALL_BATCH_STATUSES as readonly string[]).includes(status);
  return <StatusChip status={status} label={known ? t(`batches.status.${status}`) : status} />;
}
