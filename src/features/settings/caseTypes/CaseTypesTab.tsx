import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/Badge.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LINK_BUTTON } from '../../apps/linkClasses.ts';
import { NEW_CASE_TYPE } from './caseTypeSearch.ts';
import { OfflineNote } from './OfflineNote.tsx';
import { useCaseTypeRejections } from './useCaseTypeRejections.ts';
import { useCaseTypesData } from './useCaseTypesData.ts';

/** Settings → Cases (part 1 §2): the workspace's case types, each a link to its case type screen (part 2 §2). */
export function CaseTypesTab() {
  const { t } = useTranslation();
  const data = useCaseTypesData();
  useCaseTypeRejections();
  if (data.loading) return <p className="text-slate-600">{t('caseTypes.loading')}</p>;
  return (
    <section aria-labelledby="case-types-heading" className="flex flex-col gap-3" data-testid="settings-cases">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="case-types-heading" className="text-lg font-semibold text-slate-900">
          {t('caseTypes.heading')}
        </h2>
        <Link to="/admin-info/case-types/$caseTypeId" params={{ caseTypeId: NEW_CASE_TYPE }} className={LINK_BUTTON}>
          {t('caseTypes.new')}
        </Link>
      </div>
      <OfflineNote />
      {data.types.length === 0 ? (
        <EmptyState icon="empty" title={t('caseTypes.none')} text={t('caseTypes.noneText')} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="case-types">
          {data.types.map((type) => {
            const states = data.statesOf(type.id).length;
            return (
              <li key={type.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3" data-case-type={type.code}>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <Link
                      to="/admin-info/case-types/$caseTypeId"
                      params={{ caseTypeId: type.id }}
                      className="rounded font-mono font-semibold break-all text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
                    >
                      {type.code}
                    </Link>
                    {data.pendingTypeIds.has(type.id) && <Badge tone="yellow">{t('settings.pending')}</Badge>}
                  </span>
                  <span className="text-sm break-words text-slate-700">{type.description}</span>
                </span>
                <span className="flex flex-wrap gap-2 text-sm text-slate-600">
                  <Badge tone="blue-grey">{t('caseTypes.statesCount', { count: states })}</Badge>
                  <span>
                    {type.startingAppId === null ? t('caseTypes.noStartingApp') : `${t('caseTypes.startingApp')}: ${data.appName(type.startingAppId) ?? t('caseTypes.unknownApp')}`}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
