import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon.tsx';
import type { PrivateRoute } from '../routes.ts';
import { selectedCaseIdAtom } from '../state/shellAtoms.ts';
import { MenuCounter } from './MenuCounter.tsx';

type Props = { entry: PrivateRoute; collapsed: boolean; onChosen?: (() => void) | undefined };

export function SidebarEntry({ entry, collapsed, onChosen }: Props) {
  const { t } = useTranslation();
  const clearSelectedCase = useSetAtom(selectedCaseIdAtom);
  const name = t(entry.nameKey);
  return (
    <li>
      <Link
        to={entry.path}
        onClick={() => {
          if (entry.clearsSelectedCase === true) clearSelectedCase(null);
          onChosen?.();
        }}
        title={collapsed ? name : undefined}
        className="relative flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white data-[status=active]:bg-white/20 data-[status=active]:text-white"
        activeOptions={{ exact: false, includeSearch: false }}
      >
        <Icon name={entry.menu?.icon ?? 'dashboard'} className="h-5 w-5 shrink-0" />
        <span className={collapsed ? 'sr-only' : 'flex-1 truncate'}>{name}</span>
        {entry.counter !== null && <MenuCounter counter={entry.counter} collapsed={collapsed} />}
      </Link>
    </li>
  );
}
