import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BATCH_PAGE_SIZE } from '../../domain/batches/batchRules.ts';
import type { BatchDoc } from '../../domain/sync/documents.gen.ts';
import { clampPage, needsPaginator, pageRows } from '../../domain/ui/paging.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { TEXT_LINK } from '../apps/linkClasses.ts';
import { BatchStatusChip } from './BatchStatusChip.tsx';

type Props = {
  caption: string;
  batches: readonly BatchDoc[];
  page: number;
  onPage: (page: number) => void;
  /** Batches whose creation, lines or Play still wait in this device's outbox. */
  pending: ReadonlySet<string>;
  userId: string;
  showOwner: boolean;
  caseTypeName: (caseTypeId: string) => string;
};

/**
 * The batches, 10 a page (part 2 §9): a table from 900 px and cards below it. The batch id is a real link; a click
 * anywhere on the row opens the batch too. The user's own batches are marked 'You' where owners are shown (History).
 */
export function BatchList({ caption, batches, page, onPage, pending, userId, showOwner, caseTypeName }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const current = clampPage(page, batches.length, BATCH_PAGE_SIZE);
  const rows = pageRows(batches, current, BATCH_PAGE_SIZE);
  const open = (batch: BatchDoc) => void navigate({ to: '/batches/$batchId', params: { batchId: batch.id } });
  const onRow = (batch: BatchDoc) => (event: React.MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a, button') !== null) return;
    open(batch);
  };
  const idLink = (batch: BatchDoc) => (
    <Link to="/batches/$batchId" params={{ batchId: batch.id }} className={`${TEXT_LINK} font-mono text-sm break-all min-[900px]:break-normal min-[900px]:whitespace-nowrap`}>
      {batch.id}
    </Link>
  );
  const status = (batch: BatchDoc) => (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <BatchStatusChip status={batch.status} />
      {pending.has(batch.id) && <Badge tone="yellow">{t('batches.waiting')}</Badge>}
    </span>
  );
  const owner = (batch: BatchDoc) => (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {batch.userName}
      {batch.userId === userId && (
        <Badge tone="blue" className="uppercase">
          {t('batches.you')}
        </Badge>
      )}
    </span>
  );
  const lines = (batch: BatchDoc) => t('batches.lines', { done: batch.doneCount, errors: batch.errorCount, total: batch.insertedCount });
  const head = 'px-4 py-3 font-semibold';
  const cell = 'px-4 py-3 text-slate-800';

  return (
    <div className="flex flex-col gap-2">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white min-[900px]:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={head}>{t('batches.columns.id')}</th>
              <th scope="col" className={head}>{t('batches.columns.name')}</th>
              <th scope="col" className={head}>{t('batches.columns.caseType')}</th>
              <th scope="col" className={head}>{t('batches.columns.status')}</th>
              <th scope="col" className={head}>{t('batches.columns.lines')}</th>
              {showOwner && <th scope="col" className={head}>{t('batches.columns.owner')}</th>}
              <th scope="col" className={head}>{t('batches.columns.created')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((batch) => (
              <tr key={batch.id} data-batch-id={batch.id} className="cursor-pointer border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50" onClick={onRow(batch)}>
                <td className="px-4 py-3">{idLink(batch)}</td>
                <td className={`${cell} break-words`}>{batch.name}</td>
                <td className={cell}>{caseTypeName(batch.caseTypeId)}</td>
                <td className={cell}>{status(batch)}</td>
                <td className={cell}>{lines(batch)}</td>
                {showOwner && <td className={cell}>{owner(batch)}</td>}
                <td className={cell}>{formatDate(batch.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 min-[900px]:hidden">
        {rows.map((batch) => (
          <li
            key={batch.id}
            data-batch-id={batch.id}
            className="flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            onClick={onRow(batch)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {idLink(batch)}
              {status(batch)}
            </div>
            <p className="font-semibold break-words text-slate-900">{batch.name}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-slate-600">{t('batches.columns.caseType')}</dt>
              <dd className="min-w-0 break-words">{caseTypeName(batch.caseTypeId)}</dd>
              <dt className="text-slate-600">{t('batches.columns.lines')}</dt>
              <dd>{lines(batch)}</dd>
              {showOwner && (
                <>
                  <dt className="text-slate-600">{t('batches.columns.owner')}</dt>
                  <dd>{owner(batch)}</dd>
                </>
              )}
              <dt className="text-slate-600">{t('batches.columns.created')}</dt>
              <dd>{formatDate(batch.createdAt)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {needsPaginator(batches.length, BATCH_PAGE_SIZE) && <Paginator rows={batches.length} page={current} pageSize={BATCH_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
