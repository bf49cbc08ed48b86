import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENGINE_APPS_PAGE_SIZE } from '../../domain/settings/engineRules.ts';
import type { AppDoc, EngineDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { Table, type TableColumn } from '../../ui/Table.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useEngineUsage, type EnginesData } from './useEnginesData.ts';
import type { EngineSearch } from './useEngineSearch.ts';

type Props = {
  engine: EngineDoc;
  data: EnginesData;
  search: EngineSearch;
  setSearch: (changes: Partial<EngineSearch>) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/**
 * Part 1 §2 engine detail: name, active state, description and authorised users; Advanced Settings reveals the id.
 * The menu has 'Edit engine' and 'Delete engine'; the 'Subscribed apps' tab lists the engine's apps five a page
 * (§9), each opening the app's edit screen.
 */
export function EngineDetail({ engine, data, search, setSearch, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const usage = useEngineUsage(engine.id);
  const tabs = [
    { key: 'details', label: t('engines.details'), content: <EngineFacts engine={engine} data={data} /> },
    { key: 'apps', label: t('engines.apps'), content: <EngineApps engine={engine} apps={usage.apps} page={search.appsPage} onPage={(appsPage) => setSearch({ appsPage })} /> },
  ];
  return (
    <section aria-labelledby="engine-detail-heading" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="engine-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id="engine-detail-heading" className="text-lg font-semibold break-words text-slate-900">
            {engine.name}
          </h3>
          <Badge tone={engine.isActive ? 'green' : 'grey'}>{engine.isActive ? t('engines.active') : t('engines.inactive')}</Badge>
          {data.pendingIds.has(engine.id) && <Badge tone="yellow">{t('engines.pending')}</Badge>}
        </div>
        <Menu
          label={t('engines.actions')}
          trigger={<Icon name="menu" className="h-5 w-5" />}
          items={[
            { key: 'edit', label: t('engines.edit'), onSelect: onEdit },
            { key: 'delete', label: t('engines.delete'), onSelect: onDelete, danger: true },
          ]}
        />
      </div>
      <Tabs
        label={t('engines.detailTabs')}
        tabs={tabs}
        selectedIndex={search.view === 'apps' ? 1 : 0}
        onChange={(index) => setSearch({ view: index === 1 ? 'apps' : 'details', appsPage: 0 })}
      />
    </section>
  );
}

function EngineFacts({ engine, data }: { engine: EngineDoc; data: EnginesData }) {
  const { t } = useTranslation();
  const [advanced, setAdvanced] = useState(false);
  const panel = useId();
  const authorised = new Set(data.linksOf(engine.id).map((l) => l.userId));
  const users = data.users.filter((u) => authorised.has(u.id));
  return (
    <div className="flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">{t('engines.name')}</dt>
        <dd className="break-words">{engine.name}</dd>
        <dt className="font-semibold text-slate-700">{t('engines.active')}</dt>
        <dd data-testid="engine-active">{engine.isActive ? t('engines.active') : t('engines.inactive')}</dd>
        <dt className="font-semibold text-slate-700">{t('engines.description')}</dt>
        <dd className="break-words whitespace-pre-line">{engine.description}</dd>
        <dt className="font-semibold text-slate-700">{t('engines.users')}</dt>
        <dd data-testid="engine-users">
          {users.length === 0 ? (
            <span className="text-slate-600">{t('engines.noUsers')}</span>
          ) : (
            <ul className="flex flex-wrap gap-1">
              {users.map((u) => (
                <li key={u.id} className="rounded-full bg-slate-100 px-2 py-0.5" title={t('engines.picker.tooltip', { id: u.id, role: u.role, email: u.email })}>
                  {u.name}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <button
        type="button"
        aria-expanded={advanced}
        aria-controls={panel}
        onClick={() => setAdvanced((a) => !a)}
        className="flex items-center gap-2 self-start rounded font-semibold text-slate-800 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <span aria-hidden="true">{advanced ? '▾' : '▸'}</span>
        {t('engines.advanced')}
      </button>
      <p id={panel} hidden={!advanced}>
        <span className="font-semibold text-slate-700">{t('engines.engineId')}: </span>
        <span className="font-mono break-all" data-testid="engine-id">
          {engine.id}
        </span>
      </p>
    </div>
  );
}

function EngineApps({ engine, apps, page, onPage }: { engine: EngineDoc; apps: AppDoc[]; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: TableColumn<AppDoc>[] = [
    {
      key: 'id',
      header: t('engines.appId'),
      cell: (app) => (
        <Link to="/apps/edit" search={{ appId: app.id }} className="font-mono break-all text-brand underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
          {app.id}
        </Link>
      ),
    },
    { key: 'name', header: t('engines.appName'), cell: (app) => <span className="break-words">{app.name}</span> },
    { key: 'description', header: t('engines.appDescription'), cell: (app) => <span className="break-words">{app.description}</span> },
  ];
  return (
    <Table
      caption={t('engines.appsCaption', { name: engine.name })}
      columns={columns}
      rows={apps}
      rowKey={(app) => app.id}
      emptyText={t('engines.noApps')}
      pageSize={ENGINE_APPS_PAGE_SIZE}
      page={page}
      onPage={onPage}
      rowAttributes={(app) => ({ 'data-app-id': app.id })}
      onRowClick={(app) => void navigate({ to: '/apps/edit', search: { appId: app.id } })}
    />
  );
}
