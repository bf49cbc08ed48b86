import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clampPage, DEFAULT_PAGE_SIZE, needsPaginator, pageRows } from '../../domain/ui/paging.ts';
import type { InstanceDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { InstanceStatusBadge } from './InstanceBadges.tsx';
import { TEXT_LINK } from './linkClasses.ts';

type Props = { caption: string; instances: readonly InstanceDoc[]; page: number; onPage: (page: number) => void; pending: ReadonlySet<string> };

/**
 * The history's instances, 10 a page: a table from 640 px (Instance ID, Status, Start, End) and cards below it,
 * as the inbox does on a phone. The id is a real link (keyboard Enter, middle-click); a click anywhere on the row
 * opens it too.
 */
export function HistoryList({ caption, instances, page, onPage, pending }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const current = clampPage(page, instances.length);
  const rows = pageRows(instances, current);
  const when = (at: number | null) => (at === null ? '—' : formatDate(at));
  const idLink = (instance: InstanceDoc) => (
    <Link to="/instances/$instanceId" params={{ instanceId: instance.id }} className={`${TEXT_LINK} font-mono text-sm break-all`}>
      {instance.id}
    </Link>
  );
  const status = (instance: InstanceDoc) => (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <InstanceStatusBadge status={instance.status} />
      {pending.has(instance.id) && <Badge tone="yellow">{t('apps.pending')}</Badge>}
    </span>
  );
  const open = (instance: InstanceDoc) => void navigate({ to: '/instances/$instanceId', params: { instanceId: instance.id } });

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">{t('apps.history.instanceId')}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{t('apps.instance.status')}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{t('apps.history.start')}</th>
              <th scope="col" className="px-4 py-3 font-semibold">{t('apps.history.end')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((instance) => (
              <tr
                key={instance.id}
                data-instance-id={instance.id}
                className="cursor-pointer border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50"
                onClick={(event) => {
                  if (event.target instanceof Element && event.target.closest('a') !== null) return;
                  open(instance);
                }}
              >
                <td className="px-4 py-3">{idLink(instance)}</td>
                <td className="px-4 py-3">{status(instance)}</td>
                <td className="px-4 py-3 text-slate-800">{when(instance.startDate)}</td>
                <td className="px-4 py-3 text-slate-800">{when(instance.endDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 sm:hidden">
        {rows.map((instance) => (
          <li
            key={instance.id}
            data-instance-id={instance.id}
            className="flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            onClick={(event) => {
              if (event.target instanceof Element && event.target.closest('a') !== null) return;
              open(instance);
            }}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {idLink(instance)}
              {status(instance)}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-slate-600">{t('apps.history.start')}</dt>
              <dd>{when(instance.startDate)}</dd>
              <dt className="text-slate-600">{t('apps.history.end')}</dt>
              <dd>{when(instance.endDate)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {needsPaginator(instances.length) && <Paginator rows={instances.length} page={current} pageSize={DEFAULT_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
