import { useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { reconnect, useConnection, useSyncStatus } from '../../data/replica.ts';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';
import { REFRESH_TOAST_MS, TEMPLATE_SEARCH_DEBOUNCE_MS, validateTemplatesSearch, visibleTemplates, type TemplatesSearch } from '../../domain/templates/templateViews.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FreshnessNote } from '../../ui/FreshnessNote.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { TemplateList } from './TemplateList.tsx';
import { useNodeTemplates } from './useNodeTemplates.ts';

// The editor (with its JSON tree editor) and the preview are loaded when first opened, not with the list.
const TemplateDialog = lazy(() => import('./TemplateDialog.tsx').then((m) => ({ default: m.TemplateDialog })));
const TemplatePreviewDialog = lazy(() => import('./TemplatePreviewDialog.tsx').then((m) => ({ default: m.TemplatePreviewDialog })));

/** The age badges tick: once a second is enough for 'Ns'. */
const AGE_TICK_MS = 1000;

type Editing = { mode: 'create' } | { mode: 'edit'; template: NodeTemplateDoc } | null;

/**
 * The builder list (/builder, part 2 §2, module BUILDER): the workspace's node templates with their age, type chip
 * and case type, search by Node ID, refresh, New node and Edit node, and Preview Template. The search and the page
 * live in the URL; templates still in this device's outbox are marked as waiting. A human-interface row opens its
 * builder.
 */
export function BuilderScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateTemplatesSearch(raw);
  const navigate = useNavigate();
  const { templates, loading, arrived } = useNodeTemplates();
  const types = useCaseTypes();
  const pending = usePendingIds(['template.'], ['id']);
  const [editing, setEditing] = useState<Editing>(null);
  const [preview, setPreview] = useState<NodeTemplateDoc | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  useDocumentTitle(t('builder.title'), t(route.nameKey));

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const shown = useMemo(() => visibleTemplates(templates, search.q), [templates, search.q]);
  const go = (next: TemplatesSearch) => void navigate({ to: '/builder', search: next, replace: true });
  const caseTypeName = (id: string) => {
    const type = types.typeById.get(id);
    return type === undefined ? id : type.description || type.code;
  };
  const refresh = () => {
    void reconnect();
    showToast('success', t('builder.refreshed'), { durationMs: REFRESH_TOAST_MS });
  };
  const openBuilder = (tpl: NodeTemplateDoc) => void navigate({ to: '/builder/$templateId/create', params: { templateId: tpl.id } });

  const list = () =>
    loading || (!arrived && templates.length === 0) ? (
      <p role="status" className="text-slate-600">
        {loading ? t('builder.loading') : t('builder.notLoadedYet')}
      </p>
    ) : shown.length === 0 ? (
      <EmptyState icon={search.q ? 'search' : 'empty'} title={t('builder.none')} text={search.q ? t('builder.noMatchText', { q: search.q }) : t('builder.noneText')} />
    ) : (
      <TemplateList
        caption={t('builder.caption')}
        templates={shown}
        page={search.page ?? 0}
        onPage={(page) => go({ ...search, page: page > 0 ? page : undefined })}
        pending={pending}
        caseTypeName={caseTypeName}
        now={now}
        onPreview={setPreview}
        onEdit={(template) => setEditing({ mode: 'edit', template })}
        onOpen={openBuilder}
      />
    );

  return (
    <section aria-labelledby="builder-title" className="flex min-w-0 flex-col gap-4">
      <h1 id="builder-title" className="text-2xl font-semibold text-slate-900">
        {t('builder.title')}
      </h1>
      {offline && (
        <FreshnessNote
          text={status.lastSyncAt === null ? t('builder.offlineNever') : t('builder.offline', { date: formatDate(status.lastSyncAt) })}
          online={false}
          testId="builder-freshness"
        />
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Button onClick={() => setEditing({ mode: 'create' })}>{t('builder.add')}</Button>
        <div className="min-w-0 flex-1 sm:max-w-md">
          <SearchBox label={t('builder.search')} value={search.q ?? ''} debounceMs={TEMPLATE_SEARCH_DEBOUNCE_MS} onSearch={(q) => go({ q: q.trim() || undefined })} />
        </div>
        <Button variant="secondary" onClick={refresh}>
          {t('builder.refresh')}
        </Button>
      </div>
      {list()}
      {editing !== null && (
        <Suspense fallback={null}>
          <TemplateDialog {...(editing.mode === 'edit' ? { template: editing.template } : {})} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {preview !== null && (
        <Suspense fallback={null}>
          <TemplatePreviewDialog template={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
    </section>
  );
}
