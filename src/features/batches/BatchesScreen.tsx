import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { reconnect } from '../../data/replica.ts';
import { validateBatchesSearch, visibleBatches, type BatchesSearch, type BatchesTab } from '../../domain/batches/batchViews.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { BatchList } from './BatchList.tsx';
import { UnfinishedBatches } from './UnfinishedBatches.tsx';
import { useBatches } from './useBatches.ts';

// The wizard brings the CSV worker's client with it: loaded when it first opens, not with the list.
const NewBatchDialog = lazy(() => import('./NewBatchDialog.tsx').then((m) => ({ default: m.NewBatchDialog })));

/**
 * Batches (/batches, part 2 §2 and §6): Personal shows the user's own batches; History, for ADMIN only, shows every
 * batch of the workspace and marks the user's own 'You'. Search by batch id, refresh, and the new batch wizard. The
 * tab, the search and the page live in the URL; batches still in this device's outbox are marked as waiting.
 */
export function BatchesScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const account = useAtomValue(accountAtom)?.account;
  const admin = isAdminRole(account?.role);
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateBatchesSearch(raw);
  const tab: BatchesTab = admin && search.tab === 'history' ? 'history' : 'personal';
  const navigate = useNavigate();
  const { batches, loading, arrived } = useBatches();
  const types = useCaseTypes();
  const pending = usePendingIds(['batch.'], ['batchId']);
  const [creating, setCreating] = useState(false);
  const userId = account?.id ?? '';
  useDocumentTitle(t(`batches.tabs.${tab}`), t(route.nameKey));

  const shown = useMemo(() => visibleBatches(batches, { tab, q: search.q, userId, isAdmin: admin }), [batches, tab, search.q, userId, admin]);
  const go = (next: BatchesSearch) => void navigate({ to: '/batches', search: next, replace: true });
  const caseTypeName = (id: string) => {
    const type = types.typeById.get(id);
    return type === undefined ? id : type.description || type.code;
  };
  const refresh = () => void reconnect().then(() => showToast('success', t('batches.refreshed')));

  const list = () =>
    loading || (!arrived && batches.length === 0) ? (
      <p role="status" className="text-slate-600">
        {loading ? t('batches.loading') : t('batches.notLoadedYet')}
      </p>
    ) : shown.length === 0 ? (
      <EmptyState
        icon={search.q ? 'search' : 'empty'}
        title={tab === 'history' ? t('batches.none') : t('batches.nonePersonal')}
        text={search.q ? t('batches.noMatchText', { q: search.q }) : t('batches.noneText')}
      />
    ) : (
      <BatchList
        caption={t('batches.caption')}
        batches={shown}
        page={search.page ?? 0}
        onPage={(page) => go({ ...search, tab: tab === 'history' ? 'history' : undefined, page: page > 0 ? page : undefined })}
        pending={pending}
        userId={userId}
        showOwner={tab === 'history'}
        caseTypeName={caseTypeName}
      />
    );

  return (
    <section aria-labelledby="batches-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="batches-title" className="text-2xl font-semibold text-slate-900">
          {t('batches.title')}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={refresh}>
            {t('batches.refresh')}
          </Button>
          <Button onClick={() => setCreating(true)}>{t('batches.newBatch')}</Button>
        </div>
      </div>
      <UnfinishedBatches userId={userId} />
      <div className="max-w-md">
        <SearchBox label={t('batches.search')} value={search.q ?? ''} onSearch={(q) => go({ tab: search.tab, q: q.trim() || undefined })} />
      </div>
      {admin ? (
        <Tabs
          label={t('batches.tabs.label')}
          selectedIndex={tab === 'history' ? 1 : 0}
          onChange={(index) => go({ q: search.q, tab: index === 1 ? 'history' : undefined })}
          tabs={[
            { key: 'personal', label: t('batches.tabs.personal'), content: tab === 'personal' ? list() : null },
            { key: 'history', label: t('batches.tabs.history'), content: tab === 'history' ? list() : null },
          ]}
        />
      ) : (
        list()
      )}
      {creating && (
        <Suspense fallback={null}>
          <NewBatchDialog onClose={() => setCreating(false)} onCreated={(batchId) => void navigate({ to: '/batches/$batchId', params: { batchId } })} />
        </Suspense>
      )}
    </section>
  );
}
