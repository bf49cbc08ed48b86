import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '../../data/replica.ts';
import type { InstanceDoc } from '../../domain/sync/documents.gen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/**
 * The app instances that run this case (part 2 §7 GET /cases/{id}/instances), each a link to its instance detail,
 * newest first, from the replicated runs. A user without the APPS module has none in the replica and is told so.
 */
export function CaseInstancesPanel({ caseId, seesApps }: { caseId: string; seesApps: boolean }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { docs, loading } = useQuery('runs', seesApps ? { selector: { kind: 'instance', caseId }, sort: [{ newestFirst: 'asc' }] } : null);
  if (!seesApps) return <p className="text-sm text-slate-600">{t('caseDetail.instances.noAccess')}</p>;
  if (loading) return <p className="text-sm text-slate-600">{t('caseDetail.loading')}</p>;
  const instances = (docs as InstanceDoc[]).filter((doc) => !doc.deleted);
  if (instances.length === 0) return <p className="text-sm text-slate-600" data-testid="case-instances-empty">{t('caseDetail.instances.none')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="case-instances">
      {instances.map((instance) => (
        <li key={instance.id} data-instance-id={instance.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 p-2 text-sm">
          <Link
            to="/instances/$instanceId"
            params={{ instanceId: instance.id }}
            className="min-w-0 font-mono font-semibold break-all text-brand underline underline-offset-2 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-focus"
          >
            {instance.id}
          </Link>
          <span className="min-w-0 break-words text-slate-800">{instance.name}</span>
          <StatusChip status={instance.status} />
          {instance.startDate !== null && <time className="text-xs text-slate-600" dateTime={new Date(instance.startDate).toISOString()}>{formatDate(instance.startDate)}</time>}
        </li>
      ))}
    </ul>
  );
}
