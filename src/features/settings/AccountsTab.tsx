import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { nameMatches } from '../../domain/settings/userRules.ts';
import type { UserDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { DeleteUserDialog, RecoveryDialog } from './UserConfirmDialogs.tsx';
import { UserDetail } from './UserDetail.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { UserStatus } from './UserStatus.tsx';
import { useAccountsData } from './useAccountsData.ts';

type Search = { tab?: unknown; user?: unknown; q?: unknown };

/**
 * Part 1 §2 Accounts: the workspace's users (search by name, status dot, 'Yourself'), the selected user's detail
 * and the user form. The selection and the search live in the URL (?tab=accounts&user=…&q=…); Escape clears the
 * selection (part 2 §2). Below 900 px the list and the detail take turns (part 1 §9: settings lists go narrow).
 */
export function AccountsTab() {
  const { t } = useTranslation();
  const data = useAccountsData();
  const selfId = useAtomValue(accountAtom)?.account.id ?? null;
  const search: Search = useSearch({ strict: false });
  const navigate = useNavigate();
  const selectedId = typeof search.user === 'string' ? search.user : null;
  const query = typeof search.q === 'string' ? search.q : '';
  const [editing, setEditing] = useState<UserDoc | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserDoc | null>(null);
  const [recovering, setRecovering] = useState<UserDoc | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const selected = data.users.find((u) => u.id === selectedId) ?? null;
  const shown = data.users.filter((u) => nameMatches(u.name, query));

  const go = (next: { user?: string | null; q?: string }) => {
    const user = next.user === undefined ? selectedId : next.user;
    const q = next.q ?? query;
    void navigate({ to: '/admin-info', search: { tab: 'accounts', ...(user ? { user } : {}), ...(q ? { q } : {}) }, replace: next.q !== undefined });
  };

  const closeDetail = () => {
    const closed = selectedId ?? '';
    go({ user: null });
    // The detail that held the focus is gone: the user's row in the list takes it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-user-id="${CSS.escape(closed)}"] a`)?.focus());
  };

  useEffect(() => {
    if (selectedId === null) return;
    const onKey = (event: KeyboardEvent) => {
      // Dialogs and menus close themselves on Escape; only a bare Escape clears the selection.
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('[role="dialog"], [role="menu"]')) return;
      closeDetail();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  async function remove(user: UserDoc): Promise<void> {
    setDeleting(null);
    const result = await mutate('user.delete', { userId: user.id, linkIds: data.engineLinksOf(user.id).map((l) => l.linkId) });
    if (!result.ok) {
      showToast('error', t('accounts.notices.deleteFailed'), { detail: result.message });
      return;
    }
    go({ user: null });
    requestAnimationFrame(() => newButton.current?.focus());
    showToast(currentSyncStatus().online ? 'success' : 'info', t(currentSyncStatus().online ? 'accounts.notices.deleted' : 'settings.queued'));
  }

  async function sendRecovery(user: UserDoc): Promise<void> {
    setRecovering(null);
    const result = await mutate('user.sendRecovery', { userId: user.id });
    if (!result.ok) showToast('error', t('accounts.notices.recoveryFailed'), { detail: result.message });
    else if (currentSyncStatus().online) showToast('success', t('accounts.notices.recoverySent'));
    else showToast('info', t('settings.queued'));
  }

  if (data.loading) return <p className="text-slate-600">{t('settings.loading')}</p>;
  return (
    <div className="grid gap-4 min-[900px]:grid-cols-[minmax(16rem,24rem)_minmax(0,1fr)]">
      <section aria-labelledby="accounts-heading" className={`flex min-w-0 flex-col gap-3 ${selected ? 'max-[899px]:hidden' : ''}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="accounts-heading" className="text-lg font-semibold text-slate-900">
            {t('accounts.heading')}
          </h2>
          <Button ref={newButton} onClick={() => setEditing('new')}>
            {t('accounts.new')}
          </Button>
        </div>
        <SearchBox label={t('accounts.search')} value={query} onSearch={(q) => go({ q })} />
        {shown.length === 0 ? (
          <EmptyState icon="empty" title={t('accounts.none')} text={t('accounts.noneText')} />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label={t('accounts.listLabel')} data-testid="users-list">
            {shown.map((user) => (
              <li key={user.id} data-user-id={user.id} className={user.id === selectedId ? 'bg-slate-100' : ''}>
                <Link
                  to="/admin-info"
                  search={{ tab: 'accounts', user: user.id, ...(query ? { q: query } : {}) }}
                  aria-current={user.id === selectedId ? 'true' : undefined}
                  className="flex flex-col gap-1 px-4 py-2 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words text-slate-900">{user.name}</span>
                    {user.id === selfId && <Badge tone="blue">{t('accounts.yourself')}</Badge>}
                    {data.pendingIds.has(user.id) && <Badge tone="yellow">{t('settings.pending')}</Badge>}
                  </span>
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <UserStatus status={user.status} />
                    <span className="text-xs text-slate-600">{t(`accounts.roles.${user.role}`, { defaultValue: t('accounts.roles.OTHER') })}</span>
                    <span className="text-xs break-all text-slate-600">{user.email}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="min-w-0">
        {selected ? (
          <UserDetail
            user={selected}
            data={data}
            self={selected.id === selfId}
            onClose={closeDetail}
            onEdit={() => setEditing(selected)}
            onRecovery={() => setRecovering(selected)}
            onChangeOwnPassword={() => void navigate({ to: '/update' })}
            onDelete={() => setDeleting(selected)}
          />
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 max-[899px]:hidden">{t('accounts.detail.hint')}</p>
        )}
      </div>
      <UserFormDialog open={editing !== null} onClose={() => setEditing(null)} onSaved={(id) => go({ user: id })} user={editing === 'new' ? null : editing} data={data} selfId={selfId} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onConfirm={(user) => void remove(user)} />
      <RecoveryDialog user={recovering} onClose={() => setRecovering(null)} onConfirm={(user) => void sendRecovery(user)} />
    </div>
  );
}
