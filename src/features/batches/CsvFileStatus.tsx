import { useTranslation } from 'react-i18next';
import { csvMessage } from './csvMessage.ts';
import type { CsvFileState } from './useCsvFile.ts';

/** Problems listed in the wizard; the rest are counted. */
const PROBLEMS_SHOWN = 5;

/** How the chosen file's reading goes: progress while the worker reads it, then its figures and the lines left out. */
export function CsvFileStatus({ file }: { file: CsvFileState }) {
  const { t } = useTranslation();
  if (file.phase === 'none' || file.phase === 'refused') return null;
  if (file.phase === 'reading') {
    const percent = file.totalBytes === 0 ? 0 : Math.min(100, Math.round((file.bytesRead / file.totalBytes) * 100));
    return (
      <div className="flex flex-col gap-1" data-testid="csv-status">
        <p role="status" className="text-sm text-slate-700">
          {t('batches.wizard.reading', { name: file.name, percent })} · {t('batches.wizard.readRows', { rows: file.rows })}
        </p>
        <progress className="h-2 w-full" max={100} value={percent} aria-label={t('batches.wizard.reading', { name: file.name, percent })} />
      </div>
    );
  }
  const { summary } = file;
  const delimiter = summary.delimiter === '\t' ? 'Tab' : summary.delimiter;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="csv-status">
      <p role="status" className="text-slate-700">
        <span className="font-semibold break-all">{file.name}</span> ·{' '}
        {t('batches.wizard.fileSummary', { rows: summary.rowCount, columns: summary.columns.length, encoding: summary.encoding, delimiter })}
      </p>
      {summary.rowCount === 0 && (
        <p role="alert" className="text-red-800">
          {t('batches.wizard.noLines')}
        </p>
      )}
      {summary.problemCount > 0 && (
        <div className="rounded-lg bg-yellow-50 p-2 text-yellow-900" data-testid="csv-problems">
          <p>{t('batches.wizard.problems', { count: summary.problemCount })}</p>
          <ul className="list-disc pl-5">
            {summary.problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
              <li key={problem.line}>{csvMessage(t, problem)}</li>
            ))}
          </ul>
          {summary.problemCount > PROBLEMS_SHOWN && <p>{t('batches.wizard.moreProblems', { count: summary.problemCount - PROBLEMS_SHOWN })}</p>}
        </div>
      )}
    </div>
  );
}
