import { Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { enabledModuleSet } from '../../domain/access/modules.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { ExternalDashboard } from '../collections/ExternalDashboard.tsx';
import { AccountsTab } from './AccountsTab.tsx';
import { CaseTypesTab } from './caseTypes/CaseTypesTab.tsx';
import { CorsTab } from './CorsTab.tsx';
import { PlannedTab } from './PlannedTab.tsx';
import { EnginesTab } from './EnginesTab.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TeamsTab } from './TeamsTab.tsx';
import { WorkspaceTab } from './WorkspaceTab.tsx';
import { FlowTraceTab } from '../traces/flow/FlowTraceTab.tsx';

/**
 * Settings (/admin-info, part 1 §2): administrators get the workspace's tabs in the spec's order (Cases,
 * Teams/Members, Accounts, Engines, Billing, Trace, CORS Origins, External, Workspace) and everyone their own
 * profile. The tab is in the URL (?tab=cors), so Back, reload and a shared link open the same one.
 */
export function SettingsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const admin = isAdminRole(snapshot?.account.role);
  // Part 1 §2: the External tab needs the COLLECTIONS module; asked for without it, the answer is /401.
  const collections = enabledModuleSet(snapshot?.account.enabledModules).has('COLLECTIONS');
  const tabs = [
    { key: 'cases', label: t('workspace.tabs.cases'), content: <CaseTypesTab /> },
    { key: 'teams', label: t('settings.tabs.teams'), content: <TeamsTab /> },
    { key: 'accounts', label: t('accounts.tab'), content: <AccountsTab /> },
    { key: 'engines', label: t('engines.tab'), content: <EnginesTab /> },
    { key: 'billing', label: t('workspace.tabs.billing'), content: <PlannedTab topic="billing" /> },
    { key: 'trace', label: t('workspace.tabs.trace'), content: <FlowTraceTab /> },
    { key: 'cors', label: t('settings.tabs.cors'), content: <CorsTab /> },
    ...(collections ? [{ key: 'external', label: t('workspace.tabs.external'), content: <ExternalDashboard /> }] : []),
    { key: 'workspace', label: t('workspace.tabs.workspace'), content: <WorkspaceTab /> },
    { key: 'profile', label: t('settings.tabs.profile'), content: <ProfileCard /> },
  ];
  // Without ?tab= the Teams tab opens, as before Cases came first: the links already shared keep their meaning.
  const DEFAULT_TAB = 'teams';
  const wanted = typeof search.tab === 'string' ? search.tab : DEFAULT_TAB;
  const found = tabs.findIndex((tab) => tab.key === wanted);
  const selected = found >= 0 ? found : tabs.findIndex((tab) => tab.key === DEFAULT_TAB);
  // The browser tab names the settings tab too ("CORS Origins · Settings · …"), so several open tabs are told apart.
  useDocumentTitle(admin ? tabs[selected]?.label : null, t(route.nameKey));
  if (search.tab === 'external' && !collections) return <Navigate to="/401" replace />;
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {t(route.nameKey)}
      </h1>
      {admin ? (
        <Tabs
          label={t('settings.tabsLabel')}
          tabs={tabs}
          selectedIndex={selected}
          onChange={(index) => void navigate({ to: '/admin-info', search: tabs[index]?.key === DEFAULT_TAB ? {} : { tab: tabs[index]?.key } })}
        />
      ) : (
        <ProfileCard />
      )}
    </section>
  );
}
