import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enabledModuleSet, MODULE_KEYS } from '../../domain/access/modules.ts';
import { USER_APPS_PAGE_SIZE, USER_ENGINES_PAGE_SIZE } from '../../domain/settings/userRules.ts';
import type { AppDoc, EngineDoc, UserDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { Table } from '../../ui/Table.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import type { AccountsData } from './useAccountsData.ts';
import { UserStatus } from './UserStatus.tsx';

type Props = {
  user: UserDoc;
  data: AccountsData;
  self: boolean;
  onClose: () => void;
  onEdit: () => void;
  onRecovery: () => void;
  onChangeOwnPassword: () => void;
  onDelete: () => void;
};

/**
 * Part 1 §2 user detail: the account's fields, the menu (Edit user, Send recovery password — 'Change your password'
 * for one's own account — and Delete user) and the tabs Apps (7 rows a page) and Engines (8 rows a page).
 */
export function UserDetail({ user, data, self, onClose, onEdit, onRecovery, onChangeOwnPassword, onDelete }: Props) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const member = data.memberOf(user.id);
  const teams = member ? data.teamLinksOf(member.id).flatMap((l) => data.teams.filter((team) => team.id === l.teamId)) : [];
  const enabled = enabledModuleSet(user.enabledModules);
  const modules = MODULE_KEYS.filter((m) => enabled.has(m));
  const items = [
    { key: 'edit', label: t('accounts.detail.edit'), onSelect: onEdit },
    self ? { key: 'password', label: t('accounts.detail.changeOwn'), onSelect: onChangeOwnPassword } : { key: 'recovery', label: t('accounts.detail.recovery'), onSelect: onRecovery },
    ...(self ? [] : [{ key: 'delete', label: t('accounts.detail.delete'), onSelect: onDelete, danger: true }]),
  ];
  const row = (label: string, value: string) => (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="break-words">{value === '' ? '—' : value}</dd>
    </>
  );
  return (
    <section aria-labelledby="user-detail-heading" className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="user-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id="user-detail-heading" className="text-lg font-semibold break-words text-slate-900">
            {user.name}
          </h3>
          <span className="flex flex-wrap items-center gap-2">
            <UserStatus status={user.status} />
            {self && <Badge tone="blue">{t('accounts.yourself')}</Badge>}
          </span>
        </div>
        <span className="flex gap-2">
          <Menu trigger={<span aria-hidden="true">⋯</span>} label={t('accounts.detail.menu', { name: user.name })} items={items} />
          <Button size="sm" variant="secondary" onClick={onClose}>
            {t('accounts.detail.close')}
          </Button>
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {row(t('accounts.detail.username'), user.username)}
        {row(t('accounts.detail.email'), user.email)}
        {row(t('accounts.detail.phone'), user.phone ?? '')}
        {row(t('accounts.detail.role'), t(`accounts.roles.${user.role}`, { defaultValue: t('accounts.roles.OTHER') }))}
        {row(t('accounts.detail.language'), t(`accounts.form.languages.${user.language === 'es' ? 'es' : 'en'}`))}
        {row(t('accounts.detail.visibility'), t(user.systemVisibility ? 'accounts.detail.yes' : 'accounts.detail.no'))}
        {row(t('accounts.detail.modules'), modules.map((m) => t(`accounts.form.moduleNames.${m}`)).join(', '))}
        {row(t('accounts.detail.teams'), teams.map((team) => team.name).join(', '))}
      </dl>
      <Tabs
        label={t('accounts.detail.tabsLabel')}
        selectedIndex={tab}
        onChange={setTab}
        tabs={[
          { key: 'apps', label: t('accounts.detail.apps'), content: <AppsTable apps={data.appsOf(user.id)} /> },
          { key: 'engines', label: t('accounts.detail.engines'), content: <EnginesTable engines={data.enginesOf(user.id)} /> },
        ]}
      />
    </section>
  );
}

function AppsTable({ apps }: { apps: AppDoc[] }) {
  const { t } = useTranslation();
  return (
    <Table
      caption={t('accounts.detail.apps')}
      rows={apps}
      rowKey={(app) => app.id}
      emptyText={t('accounts.detail.noApps')}
      pageSize={USER_APPS_PAGE_SIZE}
      columns={[
        { key: 'name', header: t('accounts.detail.appName'), cell: (app) => app.name, sortValue: (app) => app.name },
        { key: 'description', header: t('accounts.detail.appDescription'), cell: (app) => app.description },
        { key: 'active', header: t('accounts.detail.appActive'), cell: (app) => t(app.isActive ? 'accounts.detail.yes' : 'accounts.detail.no') },
      ]}
    />
  );
}

function EnginesTable({ engines }: { engines: EngineDoc[] }) {
  const { t } = useTranslation();
  return (
    <Table
      caption={t('accounts.detail.engines')}
      rows={engines}
      rowKey={(engine) => engine.id}
      emptyText={t('accounts.detail.noEngines')}
      pageSize={USER_ENGINES_PAGE_SIZE}
      columns={[
        { key: 'name', header: t('accounts.detail.engineName'), cell: (engine) => engine.name, sortValue: (engine) => engine.name },
        { key: 'id', header: t('accounts.detail.engineId'), cell: (engine) => <span className="font-mono text-xs break-all">{engine.id}</span> },
      ]}
    />
  );
}
