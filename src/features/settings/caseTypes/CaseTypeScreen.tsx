import { Link, Navigate, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../../app/state/accountAtoms.ts';
import { isAdminRole } from '../../../domain/tickets/inboxRules.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../../ui/useDocumentTitle.ts';
import { TEXT_LINK } from '../../apps/linkClasses.ts';
import type { ScreenProps } from '../../shell/ComingSoonScreen.tsx';
import { CaseTypeDetails } from './CaseTypeDetails.tsx';
import { CaseTypeForm } from './CaseTypeForm.tsx';
import { NEW_CASE_TYPE, validateCaseTypeSearch } from './caseTypeSearch.ts';
import { OfflineNote } from './OfflineNote.tsx';
import { useCaseTypeRejections } from './useCaseTypeRejections.ts';
import { useCaseTypesData } from './useCaseTypesData.ts';

const LIST = { to: '/admin-info', search: { tab: 'cases' } } as const;

/**
 * The case type screen (part 2 §2), in three modes: view (/admin-info/case-types/{id}), edit (?mode=edit) and create
 * (/admin-info/case-types/new). It reads the replica, so it opens offline; the mode is in the URL, so Back, reload
 * and a shared link restore it. Only administrators edit and create.
 */
export function CaseTypeScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useCaseTypeRejections();
  const { caseTypeId = '' }: { caseTypeId?: string } = useParams({ strict: false });
  const mode = validateCaseTypeSearch(useSearch({ strict: false })).mode;
  const navigate = useNavigate();
  const admin = isAdminRole(useAtomValue(accountAtom)?.account.role);
  const data = useCaseTypesData();
  const creating = caseTypeId === NEW_CASE_TYPE;
  const type = creating ? undefined : data.typeById(caseTypeId);
  const editing = mode === 'edit' && admin && type !== undefined;
  useDocumentTitle(creating ? t('caseTypes.createTitle') : (type?.code ?? null), t('caseTypes.heading'), t('menu.settings'));

  /** Back to view mode after a save or a cancel, with the focus (and the scroll) on the type's name. */
  const view = (id: string) =>
    void navigate({ to: '/admin-info/case-types/$caseTypeId', params: { caseTypeId: id }, search: {}, replace: true }).then(() =>
      requestAnimationFrame(() => document.getElementById('case-type-title')?.focus()),
    );

  if (creating) {
    if (!admin) return <Navigate to="/401" replace />;
    return (
      <div className="flex min-w-0 flex-col gap-4">
        <OfflineNote />
        <CaseTypeForm data={data} type={null} onCancel={() => void navigate(LIST)} onSaved={view} />
      </div>
    );
  }
  if (type === undefined) {
    if (data.loading) {
      return (
        <p role="status" className="text-slate-600">
          {t('caseTypes.loading')}
        </p>
      );
    }
    return (
      <section aria-labelledby="case-type-title" className="flex flex-col gap-4">
        <h1 id="case-type-title" className="sr-only">
          {t('caseTypes.notFound')}
        </h1>
        <EmptyState
          title={t('caseTypes.notFound')}
          text={t('caseTypes.notFoundText')}
          action={
            <Link {...LIST} className={TEXT_LINK}>
              {t('caseTypes.backToList')}
            </Link>
          }
        />
      </section>
    );
  }
  return (
    <section aria-labelledby={editing ? 'case-type-form-title' : 'case-type-title'} className="flex min-w-0 flex-col gap-4" data-case-type-id={type.id}>
      <OfflineNote />
      {editing ? (
        <CaseTypeForm key={type.id} data={data} type={type} onCancel={() => view(type.id)} onSaved={view} />
      ) : (
        <CaseTypeDetails type={type} data={data} canEdit={admin} onEdit={() => void navigate({ to: '/admin-info/case-types/$caseTypeId', params: { caseTypeId: type.id }, search: { mode: 'edit' } })} />
      )}
    </section>
  );
}
