import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PUBLIC_PATHS } from '../../app/routes.ts';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useQuery } from '../../data/replica.ts';
import type { EngineDoc, EngineUserDoc } from '../../domain/sync/documents.gen.ts';

const LINK =
  'inline-flex items-center self-start rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * The signed-in user's own profile (part 1 §2, §6): name, e-mail, language, the one password action non-admins
 * get ('Change your password', at /update, which asks for the current password first) and the engines they see
 * under 'Engines Visibility', read-only. The replica holds only the user's own engine links and engines.
 */
export function ProfileCard() {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account ?? null;
  const { docs } = useQuery('config', { selector: { kind: { $in: ['engine', 'engineUser'] } } });
  if (account === null) return null;
  const mine = new Set(docs.filter((d): d is EngineUserDoc => d.kind === 'engineUser' && !d.deleted && d.userId === account.id).map((d) => d.engineId));
  const engines = docs.filter((d): d is EngineDoc => d.kind === 'engine' && !d.deleted && mine.has(d.id)).sort((a, b) => a.name.localeCompare(b.name));
  return (
    <section aria-labelledby="profile-heading" className="flex max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        {t('settings.profile.heading')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t('settings.profile.name')}</dt>
        <dd className="break-words">{account.name}</dd>
        <dt className="text-slate-600">{t('settings.profile.email')}</dt>
        <dd className="break-all">{account.email}</dd>
        <dt className="text-slate-600">{t('settings.profile.language')}</dt>
        <dd>{t(`settings.profile.languages.${account.language === 'es' ? 'es' : 'en'}`)}</dd>
      </dl>
      <div className="flex flex-col gap-1">
        <Link to={PUBLIC_PATHS.update} className={LINK}>
          {t('workspace.profile.changePassword')}
        </Link>
        <p className="text-sm text-slate-600">{t('workspace.profile.changePasswordHint')}</p>
      </div>
      <section aria-labelledby="profile-engines-heading" className="flex flex-col gap-2" data-testid="profile-engines">
        <h3 id="profile-engines-heading" className="font-semibold text-slate-800">
          {t('settings.profile.engines')}
        </h3>
        {engines.length === 0 ? (
          <p className="text-sm text-slate-600">{t('workspace.profile.enginesNone')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {engines.map((engine) => (
              <li key={engine.id} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                {engine.name}
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-600">{t('workspace.profile.enginesReadOnly')}</p>
      </section>
    </section>
  );
}
