import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { useSyncStatus } from '../../data/replica.ts';
import { useWorkspaceDoc } from '../../data/useWorkspaceDoc.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { externalFrameSandbox } from '../../domain/settings/workspaceRules.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';

const LINK = 'font-medium text-brand underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-focus';

/**
 * The workspace's external dashboard (part 1 §2 Settings → External, and /collections) in a sandboxed frame, or the
 * spec's 'No external resources found!' when none is set. Offline the frame could only show the browser's error
 * page, so a note says it needs a connection instead. The frame sends no referrer: the console's address (and a
 * ticket id in it) is none of the dashboard's business.
 */
export function ExternalDashboard() {
  const { t } = useTranslation();
  const workspace = useWorkspaceDoc();
  const { online } = useSyncStatus();
  const admin = isAdminRole(useAtomValue(accountAtom)?.account.role);
  if (workspace === undefined) return <p className="text-slate-600">{t('workspace.loading')}</p>;
  const url = workspace?.externalDashboardUrl ?? null;
  if (url === null) {
    return (
      <EmptyState
        title={t('workspace.external.none')}
        {...(admin
          ? {
              text: t('workspace.external.noneText'),
              action: (
                <Link to="/admin-info" search={{ tab: 'workspace' }} className={LINK}>
                  {t('workspace.external.setIt')}
                </Link>
              ),
            }
          : {})}
      />
    );
  }
  if (!online) {
    return <EmptyState icon="cloudOff" title={t('workspace.external.offline')} text={t('workspace.external.offlineText', { url })} />;
  }
  return (
    <div className="flex flex-col gap-2" data-testid="external-dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-600">
        <span>{t('workspace.external.sandboxNote')}</span>
        <a href={url} target="_blank" rel="noopener noreferrer" className={LINK}>
          {t('workspace.external.openNewTab')}
        </a>
      </div>
      <iframe
        src={url}
        title={t('workspace.external.frameTitle', { name: workspace?.name ?? '' })}
        sandbox={externalFrameSandbox(url, window.location.origin)}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="h-[70vh] min-h-80 w-full rounded-xl border border-slate-200 bg-white"
      />
    </div>
  );
}
