import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon.tsx';
import { accountAtom } from '../state/accountAtoms.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { SyncIndicator } from './SyncIndicator.tsx';
import { UserBadge } from './UserBadge.tsx';
import { WorkspaceName } from './WorkspaceName.tsx';

type Props = { collapsed: boolean; onToggleMenu: () => void; onSignOut: () => Promise<void> };

const ICON_BUTTON =
  'inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus';

/** Part 1 §2 header: menu toggle, workspace, sync state, language, WA and settings, the user, logout. */
export function Header({ collapsed, onToggleMenu, onSignOut }: Props) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
      <button
        type="button"
        className={ICON_BUTTON}
        onClick={onToggleMenu}
        aria-expanded={!collapsed}
        aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
      >
        <Icon name="menu" />
      </button>
      <WorkspaceName name={snapshot?.workspace.name ?? ''} />
      <div className="ml-auto flex items-center gap-1">
        <SyncIndicator />
        <LanguageMenu saveToAccount />
        <Link to="/WA" className={ICON_BUTTON} aria-label={t('shell.whatsapp')} title={t('shell.whatsapp')}>
          <Icon name="whatsapp" />
        </Link>
        <Link to="/admin-info" className={ICON_BUTTON} aria-label={t('shell.settings')} title={t('shell.settings')}>
          <Icon name="settings" />
        </Link>
        {snapshot !== null && <UserBadge account={snapshot.account} />}
        <LogoutButton onSignOut={onSignOut} />
      </div>
    </header>
  );
}
