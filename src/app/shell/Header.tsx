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

type Props = {
  /** Whether the menu shows in full: the rail unfolded, or the phone drawer open. */
  menuExpanded: boolean;
  /** What the toggle does, in words: fold or unfold the rail, open or close the drawer. */
  toggleLabel: string;
  onToggleMenu: () => void;
  onSignOut: () => Promise<void>;
};

const ICON_LOOK = 'items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus';
const ICON_BUTTON = `inline-flex ${ICON_LOOK}`;
// On a phone the WA and settings entries are in the menu drawer's footer: the header keeps to what fits in 320 px.
const WIDE_ICON_BUTTON = `hidden sm:inline-flex ${ICON_LOOK}`;

/** Part 1 §2 header: menu toggle, workspace, sync state, language, WA and settings, the user, logout. */
export function Header({ menuExpanded, toggleLabel, onToggleMenu, onSignOut }: Props) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
      <button
        type="button"
        className={ICON_BUTTON}
        onClick={onToggleMenu}
        aria-expanded={menuExpanded}
        aria-label={toggleLabel}
      >
        <Icon name="menu" />
      </button>
      <WorkspaceName name={snapshot?.workspace.name ?? ''} />
      <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
        <SyncIndicator />
        <LanguageMenu saveToAccount />
        <Link to="/WA" className={WIDE_ICON_BUTTON} aria-label={t('shell.whatsapp')} title={t('shell.whatsapp')}>
          <Icon name="whatsapp" />
        </Link>
        <Link to="/admin-info" className={WIDE_ICON_BUTTON} aria-label={t('shell.settings')} title={t('shell.settings')}>
          <Icon name="settings" />
        </Link>
        {snapshot !== null && <UserBadge account={snapshot.account} />}
        <LogoutButton onSignOut={onSignOut} />
      </div>
    </header>
  );
}
