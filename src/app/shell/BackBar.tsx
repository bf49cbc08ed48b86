import { useMatches, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon.tsx';
import { routeById } from '../routes.ts';
import { useReturnTo } from './returnTo.ts';

/**
 * On detail screens: back to the route table's parent list, as it was left, or one page back. The menu keeps the
 * state the user chose (the correction of part 1 §2; on a phone the menu is a drawer that is closed here).
 */
export function BackBar() {
  const { t } = useTranslation();
  const router = useRouter();
  const returnTo = useReturnTo();
  const matches = useMatches();
  const routeId = matches.at(-1)?.staticData.routeId;
  const entry = routeId === undefined ? undefined : routeById(routeId);
  if (entry?.backTo === null || entry === undefined) return null;
  const backTo = entry.backTo;

  function goBack() {
    const [path, hash] = backTo.split('#');
    if (path !== undefined && path !== '') returnTo(path, hash);
    else router.history.back();
  }

  return (
    <div className="flex items-center border-b border-slate-200 bg-white px-2 py-1">
      <button
        type="button"
        onClick={goBack}
        className="inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Icon name="back" className="h-4 w-4" />
        {t('shell.back')}
      </button>
    </div>
  );
}
