import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { enabledModuleSet, menuShows } from '../../domain/access/modules.ts';
import { Icon } from '../../ui/Icon.tsx';
import { menuEntries } from '../routes.ts';
import type { MenuArea } from '../routes.ts';
import { accountAtom } from '../state/accountAtoms.ts';
import { SidebarEntry } from './SidebarEntry.tsx';

type Props = {
  collapsed: boolean;
  /** In the phone drawer: closes it (a close button, and after an entry is chosen). */
  onClose?: () => void;
};

/**
 * The menu, built from the route table filtered by the account's enabledModules (WA always shows). The footer
 * holds only the user-info (settings) and chat-link (WA) entries.
 */
export function Sidebar({ collapsed, onClose }: Props) {
  const { t } = useTranslation();
  const snapshot = useAtomValue(accountAtom);
  const enabled = enabledModuleSet(snapshot?.account.enabledModules);
  const entriesOf = (area: MenuArea) => menuEntries(area).filter((entry) => menuShows(entry.module, enabled));

  return (
    <nav
      aria-label={t('menu.label')}
      data-collapsed={collapsed}
      className={`flex h-full shrink-0 flex-col border-r border-slate-200 bg-brand text-white transition-[width] ${collapsed ? 'w-16' : 'w-60'}`}
    >
      <div className="flex h-14 items-center justify-between gap-2 px-4 font-semibold">
        <span aria-hidden={collapsed} className={collapsed ? 'sr-only' : ''}>
          {t('app.name')}
        </span>
        {collapsed && <span aria-hidden="true">WC</span>}
        {onClose !== undefined && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('shell.closeMenu')}
            className="rounded-lg p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            <Icon name="close" />
          </button>
        )}
      </div>
      <ul className="flex-1 space-y-1 overflow-y-auto px-2 py-2">
        {entriesOf('body').map((entry) => (
          <SidebarEntry key={entry.id} entry={entry} collapsed={collapsed} onChosen={onClose} />
        ))}
      </ul>
      <ul className="space-y-1 border-t border-white/15 px-2 py-2">
        {entriesOf('footer').map((entry) => (
          <SidebarEntry key={entry.id} entry={entry} collapsed={collapsed} onChosen={onClose} />
        ))}
      </ul>
    </nav>
  );
}
