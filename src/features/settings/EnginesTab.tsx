import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngineDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { EngineDeleteDialog } from './EngineDeleteDialog.tsx';
import { EngineDetail } from './EngineDetail.tsx';
import { EngineFormDialog } from './EngineFormDialog.tsx';
import { useEnginesData } from './useEnginesData.ts';
import { engineLinkSearch, useEngineSearch } from './useEngineSearch.ts';

/**
 * Part 1 §2 Settings, Engines (administrators): the workspace's engines, each a link that opens its detail beside
 * the list; below 900 px (§9) the list and the detail take the whole width in turn. 'New engine' opens the form.
 */
export function EnginesTab() {
  const { t } = useTranslation();
  const data = useEnginesData();
  const [search, setSearch] = useEngineSearch();
  const [editing, setEditing] = useState<EngineDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EngineDoc | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  if (data.loading) return <p className="text-slate-600">{t('settings.loading')}</p>;
  const selected = search.engine === null ? null : (data.engines.find((engine) => engine.id === search.engine) ?? null);
  const hasSelection = search.engine !== null;

  return (
    <div className="grid gap-4 min-[900px]:grid-cols-[minmax(14rem,20rem)_1fr]">
      <section aria-labelledby="engines-heading" className={`flex min-w-0 flex-col gap-3 ${hasSelection ? 'max-[899px]:hidden' : ''}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="engines-heading" className="text-lg font-semibold text-slate-900">
            {t('engines.heading')}
          </h2>
          <Button ref={newButton} onClick={() => setEditing('new')}>
            {t('engines.new')}
          </Button>
        </div>
        {data.engines.length === 0 ? (
          <EmptyState icon="empty" title={t('engines.none')} text={t('engines.noneText')} />
        ) : (
          <ul aria-label={t('engines.listLabel')} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="engines-list">
            {data.engines.map((engine) => {
              const current = engine.id === search.engine;
              return (
                <li key={engine.id} data-engine-id={engine.id} className={current ? 'bg-blue-50' : ''}>
                  <Link
                    to="/admin-info"
                    search={engineLinkSearch(engine.id)}
                    aria-current={current ? 'true' : undefined}
                    className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus"
                  >
                    <span className="min-w-0 font-medium break-words text-slate-900">{engine.name}</span>
                    <span className="flex gap-1">
                      {data.pendingIds.has(engine.id) && <Badge tone="yellow">{t('settings.pending')}</Badge>}
                      <Badge tone={engine.isActive ? 'green' : 'grey'}>{engine.isActive ? t('engines.active') : t('engines.inactive')}</Badge>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className={`min-w-0 ${hasSelection ? '' : 'max-[899px]:hidden'}`}>
        {hasSelection && (
          <button
            type="button"
            onClick={() => setSearch({ engine: null })}
            className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-brand min-[900px]:hidden focus-visible:outline-2 focus-visible:outline-focus"
          >
            <Icon name="back" className="h-4 w-4" />
            {t('engines.back')}
          </button>
        )}
        {selected !== null ? (
          <EngineDetail engine={selected} data={data} search={search} setSearch={setSearch} onEdit={() => setEditing(selected)} onDelete={() => setDeleting(selected)} />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{hasSelection ? t('engines.notFound') : t('engines.choose')}</p>
        )}
      </div>
      <EngineFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        engine={editing === 'new' ? null : editing}
        data={data}
        onSaved={(engineId) => {
          setEditing(null);
          setSearch({ engine: engineId, view: 'details', appsPage: 0 });
        }}
      />
      <EngineDeleteDialog
        engine={deleting}
        data={data}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setSearch({ engine: null });
          // The engine and its detail are gone: focus goes to the tab's first action rather than the page.
          requestAnimationFrame(() => newButton.current?.focus());
        }}
      />
    </div>
  );
}
