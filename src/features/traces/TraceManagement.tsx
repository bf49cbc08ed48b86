import { useTranslation } from 'react-i18next';
import { TRACE_TABS, traceTabOf } from '../../domain/traces/traceSearch.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { ApiCallsTab } from './ApiCallsTab.tsx';
import { FlowTraceTab } from './flow/FlowTraceTab.tsx';
import { useTraceSearch } from './useTraceSearch.ts';
import { WebhookTraceTab } from './WebhookTraceTab.tsx';

/**
 * Trace Management (part 2 §2), Settings' Trace tab: Flow Trace, Webhook Trace and API Calls. The trace tab is in
 * the URL (?traceTab=api); only the shown tab is mounted, so only its trace page is kept pulled.
 */
export function TraceManagement() {
  const { t } = useTranslation();
  const { search, setTab } = useTraceSearch();
  const selected = TRACE_TABS.indexOf(traceTabOf(search));
  const tabs = [
    { key: 'flow', label: t('traces.tabs.flow'), content: <FlowTraceTab /> },
    { key: 'webhook', label: t('traces.tabs.webhook'), content: <WebhookTraceTab /> },
    { key: 'api', label: t('traces.tabs.api'), content: <ApiCallsTab /> },
  ];
  return (
    <div data-testid="trace-management">
      <Tabs label={t('traces.tabsLabel')} tabs={tabs} selectedIndex={selected} onChange={(index) => setTab(TRACE_TABS[index] ?? 'flow')} panelTabStop={false} />
    </div>
  );
}
