import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { CorsTab } from './CorsTab.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TeamsTab } from './TeamsTab.tsx';

/**
 * Settings (/admin-info, part 1 §2): administrators get the workspace's tabs — so far Teams/Members and CORS Origins,
 * the others arrive with their issue — and everyone their own profile. The tab is in the URL (?tab=cors), so Back,
 * reload and a shared link open the same one.
 */
export function SettingsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  useDocumentTitle(t(route.nameKey));
  const admin = isAdminRole(snapshot?.account.role);
  const tabs = [
    { key: 'teams', label: t('settings.tabs.teams'), content: <TeamsTab /> },
    { key: 'cors', label: t('settings.tabs.cors'), content: <CorsTab /> },
    { key: 'profile', label: t('settings.tabs.profile'), content: <ProfileCard /> },
  ];
  const selected = Math.max(0, tabs.findIndex((tab) => tab.key === search.tab));
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
          onChange={(index) => void navigate({ to: '/admin-info', search: index === 0 ? {} : { tab: tabs[index]?.key } })}
        />
      ) : (
        <ProfileCard />
      )}
    </section>
  );
}
