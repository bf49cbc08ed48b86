import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useQuery } from '../../data/replica.ts';
import type { EngineDoc, EngineUserDoc } from '../../domain/sync/documents.gen.ts';

/** The signed-in user's own profile (part 1 §2, §6): name, e-mail, language and the engines they see, read-only. */
export function ProfileCard() {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account ?? null;
  const { docs } = useQuery('config', { selector: { kind: { $in: ['engine', 'engineUser'] } } });
  if (account === null) return null;
  const mine = new Set(docs.filter((d): d is EngineUserDoc => d.kind === 'engineUser' && !d.deleted && d.userId === account.id).map((d) => d.engineId));
  const engines = docs.filter((d): d is EngineDoc => d.kind === 'engine' && !d.deleted && mine.has(d.id));
  return (
    <section aria-labelledby="profile-heading" className="flex max-w-xl flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        {t('settings.profile.heading')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-600">{t('settings.profile.name')}</dt>
        <dd>{account.name}</dd>
        <dt className="text-slate-600">{t('settings.profile.email')}</dt>
        <dd className="break-all">{account.email}</dd>
        <dt className="text-slate-600">{t('settings.profile.language')}</dt>
        <dd>{t(`settings.profile.languages.${account.language === 'es' ? 'es' : 'en'}`)}</dd>
        <dt className="text-slate-600">{t('settings.profile.engines')}</dt>
        <dd>{engines.length === 0 ? '—' : engines.map((engine) => engine.name).join(', ')}</dd>
      </dl>
    </section>
  );
}
