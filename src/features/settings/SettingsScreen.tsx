import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TeamsTab } from './TeamsTab.tsx';

/**
 * Settings (/admin-info, part 1 §2): administrators get the workspace's tabs — so far Teams/Members, the others
 * arrive with their issue — and everyone their own profile.
 */
export function SettingsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  useDocumentTitle(t(route.nameKey));
  const admin = isAdminRole(snapshot?.account.role);
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {t(route.nameKey)}
      </h1>
      {admin ? (
        <Tabs
          label={t('settings.tabsLabel')}
          tabs={[
            { key: 'teams', label: t('settings.tabs.teams'), content: <TeamsTab /> },
            { key: 'profile', label: t('settings.tabs.profile'), content: <ProfileCard /> },
          ]}
        />
      ) : (
        <ProfileCard />
      )}
    </section>
  );
}
