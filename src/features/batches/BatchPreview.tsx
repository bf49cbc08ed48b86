import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvRows } from '../../data/csvParser.ts';
import type { BatchLineDraft } from '../../domain/batches/batchLines.ts';
import { BATCH_PREVIEW_PAGE_SIZE, previewIsPaginated } from '../../domain/batches/batchRules.ts';
import { Paginator } from '../../ui/Paginator.tsx';
import type { CsvFileState } from './useCsvFile.ts';

/**
 * Step 1's preview (part 2 §2, §9): the file's lines 5 a page, paginated only above 5. The first page is there as
 * soon as the worker parsed it; later pages are read from the worker when asked for, so the page never holds the
 * whole file. An omitted (empty) cell shows empty.
 */
export function BatchPreview({ file }: { file: CsvFileState }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<BatchLineDraft[] | null>(null);
  const parseId = file.phase === 'read' ? file.summary.parseId : null;

  useEffect(() => {
    setRows(null);
    if (parseId === null || page === 0) return;
    let live = true;
    void csvRows(parseId, page * BATCH_PREVIEW_PAGE_SIZE, BATCH_PREVIEW_PAGE_SIZE).then((read) => live && setRows(read));
    return () => {
      live = false;
    };
  }, [parseId, page]);

  if (file.phase !== 'reading' && file.phase !== 'read') return null;
  const columns = file.phase === 'read' ? file.summary.columns : file.columns;
  const total = file.phase === 'read' ? file.summary.rowCount : file.rows;
  const shown = page === 0 ? file.preview : (rows ?? []);
  if (columns.length === 0 || total === 0) return null;
  const caption = t('batches.wizard.previewCaption', { name: file.name });

  return (
    <div className="flex flex-col gap-2">
      {/* A wide or long file scrolls inside this box: it is a tab stop so the keyboard can scroll it too. */}
      <div tabIndex={0} role="region" aria-label={caption} className="max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-focus">
        <table className="w-full text-left text-sm" data-testid="batch-preview">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('batches.wizard.line')}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line} className="border-t border-slate-100 even:bg-slate-50/60">
                <td className="px-3 py-2 font-mono text-slate-600">{row.line}</td>
                {columns.map((column) => (
                  <td key={column} className="max-w-64 px-3 py-2 break-words whitespace-pre-wrap text-slate-800">
                    {row.values[column] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {file.phase === 'read' && previewIsPaginated(total) && <Paginator rows={total} page={page} pageSize={BATCH_PREVIEW_PAGE_SIZE} onPage={setPage} label={caption} />}
    </div>
  );
}
