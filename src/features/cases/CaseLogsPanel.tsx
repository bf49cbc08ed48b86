import { useTranslation } from 'react-i18next';
import { useQuery } from '../../data/replica.ts';
import { sortCaseLogs } from '../../domain/cases/caseDetail.ts';
import type { CaseLogDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';

const COLUMNS = ['date', 'action', 'field', 'value'] as const;

/**
 * The case's logs (part 2 §2: date, actionDescription, fieldChanged, newValue; 'No logs found.'), newest first,
 * from the replica: the case scope the screen opened brings them in, and this never waits on the network. A table
 * on wide screens, stacked cards on narrow ones, so nothing scrolls sideways at 320 px.
 */
export function CaseLogsPanel({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseLog' } });
  const logs = sortCaseLogs((docs as CaseLogDoc[]).filter((log) => !log.deleted));
  if (loading) return <p className="text-sm text-slate-600">{t('caseDetail.loading')}</p>;
  if (logs.length === 0) return <p className="text-sm text-slate-600" data-testid="case-logs-empty">{t('caseDetail.logs.none')}</p>;
  const cells = (log: CaseLogDoc) => ({
    date: <time dateTime={new Date(log.date).toISOString()}>{formatDate(log.date)}</time>,
    action: log.actionDescription,
    field: log.fieldChanged ?? '—',
    value: <span className="break-all">{log.newValue ?? '—'}</span>,
  });
  return (
    <div data-testid="case-logs" className="min-w-0">
      <table className="hidden w-full table-fixed text-left text-sm md:table">
        <caption className="sr-only">{t('caseDetail.logs.caption')}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-2 py-2 font-semibold">
                {t(`caseDetail.logs.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => {
            const row = cells(log);
            return (
              <tr key={log.id} data-log-id={log.id} className="border-t border-slate-100 align-top">
                {COLUMNS.map((column) => (
                  <td key={column} className="px-2 py-2 break-words text-slate-800">
                    {row[column]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="flex flex-col gap-2 md:hidden">
        {logs.map((log) => {
          const row = cells(log);
          return (
            <li key={log.id} data-log-id={log.id} className="rounded-lg border border-slate-200 p-2 text-sm">
              <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-2 gap-y-1">
                {COLUMNS.map((column) => (
                  <div key={column} className="contents">
                    <dt className="font-semibold text-slate-700">{t(`caseDetail.logs.${column}`)}</dt>
                    <dd className="min-w-0 break-words text-slate-900">{row[column]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
