import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useConnection, useSyncStatus } from '../../data/replica.ts';
import { validateFormsSearch, visibleForms, type FormsSearch } from '../../domain/forms/formViews.ts';
import type { FrontdeskFormDoc } from '../../domain/sync/documents.gen.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FreshnessNote } from '../../ui/FreshnessNote.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { FormList } from './FormList.tsx';
import { useFormLink } from './useFormLink.ts';
import { useFrontdeskForms } from './useFrontdeskForms.ts';

// The QR drawer and the form editor are loaded when first opened, not with the list.
const FormQrDialog = lazy(() => import('./FormQrDialog.tsx').then((m) => ({ default: m.FormQrDialog })));
const FormDialog = lazy(() => import('./FormDialog.tsx').then((m) => ({ default: m.FormDialog })));

/** The age badges tick: once a second is enough for 'Ns'. */
const AGE_TICK_MS = 1000;

type Editing = { mode: 'create' } | { mode: 'edit'; form: FrontdeskFormDoc } | null;

/**
 * Front desk forms (/frontdesk, part 2 §2, module FRONTDESK): the workspace's forms with their age, search by Form ID,
 * a QR of each link, Copy link, Edit Form and New form. The search and the page live in the URL; forms still in this
 * device's outbox are marked as waiting. Only administrators change forms; everyone with the module sees and shares
 * them.
 */
export function FrontdeskScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const admin = isAdminRole(useAtomValue(accountAtom)?.account?.role);
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateFormsSearch(raw);
  const navigate = useNavigate();
  const { forms, loading, arrived } = useFrontdeskForms();
  const types = useCaseTypes();
  const pending = usePendingIds(['form.'], ['id']);
  const link = useFormLink();
  const [qrOf, setQrOf] = useState<FrontdeskFormDoc | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [now, setNow] = useState(() => Date.now());
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  useDocumentTitle(t('frontdesk.title'), t(route.nameKey));

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const shown = useMemo(() => visibleForms(forms, search.q), [forms, search.q]);
  const go = (next: FormsSearch) => void navigate({ to: '/frontdesk', search: next, replace: true });
  const caseTypeName = (id: string) => {
    const type = types.typeById.get(id);
    return type === undefined ? id : type.description || type.code;
  };
  const qrUrl = qrOf === null ? null : link.urlOf(qrOf.link);
  const showQr = (form: FrontdeskFormDoc) => (link.urlOf(form.link) === null ? link.open(form.link) : setQrOf(form));
  const edit = (form: FrontdeskFormDoc) => setEditing({ mode: 'edit', form });

  const list = () =>
    loading || (!arrived && forms.length === 0) ? (
      <p role="status" className="text-slate-600">
        {loading ? t('frontdesk.loading') : t('frontdesk.notLoadedYet')}
      </p>
    ) : shown.length === 0 ? (
      <EmptyState icon={search.q ? 'search' : 'empty'} title={t('frontdesk.none')} text={search.q ? t('frontdesk.noMatchText', { q: search.q }) : t('frontdesk.noneText')} />
    ) : (
      <FormList
        caption={t('frontdesk.caption')}
        forms={shown}
        page={search.page ?? 0}
        onPage={(page) => go({ ...search, page: page > 0 ? page : undefined })}
        pending={pending}
        caseTypeName={caseTypeName}
        urlOf={link.urlOf}
        now={now}
        onOpen={(form) => link.open(form.link)}
        onQr={showQr}
        onCopy={(form) => void link.copy(form.link)}
        onEdit={admin ? edit : undefined}
      />
    );

  return (
    <section aria-labelledby="frontdesk-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="frontdesk-title" className="text-2xl font-semibold text-slate-900">
          {t('frontdesk.title')}
        </h1>
        {admin && <Button onClick={() => setEditing({ mode: 'create' })}>{t('frontdesk.newForm')}</Button>}
      </div>
      {offline && (
        <FreshnessNote
          text={status.lastSyncAt === null ? t('frontdesk.offlineNever') : t('frontdesk.offline', { date: formatDate(status.lastSyncAt) })}
          online={false}
          testId="frontdesk-freshness"
        />
      )}
      <div className="max-w-md">
        <SearchBox label={t('frontdesk.search')} value={search.q ?? ''} onSearch={(q) => go({ q: q.trim() || undefined })} />
      </div>
      {list()}
      {qrOf !== null && qrUrl !== null && (
        <Suspense fallback={null}>
          <FormQrDialog formId={qrOf.formId} name={qrOf.name} url={qrUrl} onClose={() => setQrOf(null)} />
        </Suspense>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <FormDialog {...(editing.mode === 'edit' ? { form: editing.form } : {})} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </section>
  );
}
