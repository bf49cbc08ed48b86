import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FLOW_TRACE_PAGE_SIZE, type FlowTraceRecord } from '../../../domain/traces/flowTrace.ts';
import { needsPaginator } from '../../../domain/ui/paging.ts';
import { Paginator } from '../../../ui/Paginator.tsx';
import { useDateFormat } from '../../../ui/useDateFormat.ts';
import { TEXT_LINK } from '../../apps/linkClasses.ts';
import { StageProgress } from './StageProgress.tsx';
import { StatusCounts } from './StatusCounts.tsx';

type Props = {
  caption: string;
  records: readonly FlowTraceRecord[];
  total: number;
  page: number;
  expanded: boolean;
  onPage: (page: number) => void;
  onOpen: (instanceId: string) => void;
  onStage: (instanceId: string, index: number) => void;
};

/**
 * The flow trace table (part 1 §2, §9): flow name, description, stage progress, status counts and updated, 10 a
 * page; a table from 900 px and cards below it. The flow name is a real link to the run's trace (so the keyboard
 * opens it as a click on the row does); each stage dot opens that stage.
 */
export function FlowTraceTable({ caption, records, total, page, expanded, onPage, onOpen, onStage }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const onRow = (record: FlowTraceRecord) => (event: React.MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    onOpen(record._id);
  };
  const name = (record: FlowTraceRecord) => (
    <Link
      to="."
      search={(prev: Record<string, unknown>) => ({ ...prev, flowTrace: record._id, flowStage: undefined })}
      title={t('flowTrace.opensTrace')}
      className={`${TEXT_LINK} font-semibold [overflow-wrap:anywhere]`}
    >
      {record.name}
    </Link>
  );
  const progress = (record: FlowTraceRecord) => <StageProgress record={record} expanded={expanded} onStage={(index) => onStage(record._id, index)} />;
  const head = 'px-3 py-3 font-semibold';
  const cell = 'px-3 py-3 text-slate-800';

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white min-[900px]:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={head}>{t('flowTrace.columns.name')}</th>
              <th scope="col" className={head}>{t('flowTrace.columns.description')}</th>
              <th scope="col" className={head}>{t('flowTrace.columns.progress')}</th>
              <th scope="col" className={head}>{t('flowTrace.columns.counts')}</th>
              <th scope="col" className={head}>{t('flowTrace.columns.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record._id} data-instance-id={record._id} className="cursor-pointer border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50" onClick={onRow(record)}>
                <td className={cell}>{name(record)}</td>
                <td className={`${cell} break-words text-slate-700`}>{record.description}</td>
                {/* Expanded, the cell keeps room for a few named stages a line instead of one. */}
                <td className={`${cell} ${expanded ? 'min-w-80' : ''}`}>{progress(record)}</td>
                <td className={cell}>
                  <StatusCounts counts={record.counts} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDate(record.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 min-[900px]:hidden">
        {records.map((record) => (
          <li
            key={record._id}
            data-instance-id={record._id}
            className="flex min-w-0 cursor-pointer flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            onClick={onRow(record)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {name(record)}
              <StatusCounts counts={record.counts} />
            </div>
            {record.description !== '' && <p className="text-sm break-words text-slate-700">{record.description}</p>}
            {progress(record)}
            <p className="text-xs text-slate-600">
              {t('flowTrace.columns.updated')}: {formatDate(record.updated_at)}
            </p>
          </li>
        ))}
      </ul>
      {needsPaginator(total, FLOW_TRACE_PAGE_SIZE) && <Paginator rows={total} page={page} pageSize={FLOW_TRACE_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
