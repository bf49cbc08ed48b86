import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/EmptyState.tsx';

/** Placeholder of the Flow Trace tab: the flow trace view is built separately and replaces this file. */
export function FlowTraceTab() {
  const { t } = useTranslation();
  return <EmptyState icon="construction" title={t('traces.flowPlaceholder')} />;
}
