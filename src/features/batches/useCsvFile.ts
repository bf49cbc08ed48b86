import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { cancelCsvParse, csvRows, parseCsv, prepareCsvParser, stopCsvParser, type CsvParseSummary } from '../../data/csvParser.ts';
import type { BatchLineDraft } from '../../domain/batches/batchLines.ts';
import { csvMessage } from './csvMessage.ts';
import { BATCH_PREVIEW_PAGE_SIZE, isCsvFileName } from '../../domain/batches/batchRules.ts';

/** Where the chosen file stands: read in the worker while the user goes on filling the form (a refusal in the user's words). */
export type CsvFileState =
  | { phase: 'none' }
  | { phase: 'refused'; name: string; message: string }
  | { phase: 'reading'; name: string; columns: string[]; preview: BatchLineDraft[]; bytesRead: number; totalBytes: number; rows: number; problems: number }
  | { phase: 'read'; name: string; blob: Blob; preview: BatchLineDraft[]; summary: Extract<CsvParseSummary, { ok: true }> };

/**
 * The wizard's file: a .csv name is read at once in the CSV worker (part 2 §5 checks the name; the worker the bytes),
 * the first preview page shows as soon as it is parsed and progress as it goes. A new file cancels the one being read;
 * closing the wizard ends the worker and frees the file.
 */
export function useCsvFile(t: TFunction) {
  const [state, setState] = useState<CsvFileState>({ phase: 'none' });
  const current = useRef(0);

  useEffect(() => {
    prepareCsvParser();
    return () => stopCsvParser();
  }, []);

  function choose(file: File | null): void {
    const ticket = ++current.current;
    if (file === null) {
      void cancelCsvParse();
      setState({ phase: 'none' });
      return;
    }
    if (!isCsvFileName(file.name)) {
      void cancelCsvParse();
      setState({ phase: 'refused', name: file.name, message: t('batches.csv.not-csv') });
      return;
    }
    const name = file.name;
    setState({ phase: 'reading', name, columns: [], preview: [], bytesRead: 0, totalBytes: file.size, rows: 0, problems: 0 });
    let preview: BatchLineDraft[] = [];
    void parseCsv(file, (event) => {
      if (ticket !== current.current) return;
      if (event.type === 'preview') preview = event.rows;
      setState((s) => {
        if (s.phase !== 'reading') return s;
        if (event.type === 'header') return { ...s, columns: event.columns, totalBytes: event.totalBytes };
        if (event.type === 'preview') return { ...s, preview: event.rows };
        return { ...s, bytesRead: event.bytesRead, totalBytes: event.totalBytes, rows: event.rows, problems: event.problems };
      });
    }).then(
      (summary) => {
        if (ticket !== current.current) return;
        if (!summary.ok) {
          if (summary.code !== 'cancelled') setState({ phase: 'refused', name, message: csvMessage(t, summary) });
          return;
        }
        // The worker's events come through their own channel and may trail its answer: a preview page not seen
        // yet is read from the worker.
        if (preview.length > 0) setState({ phase: 'read', name, blob: file, preview, summary });
        else void csvRows(summary.parseId, 0, BATCH_PREVIEW_PAGE_SIZE).then((rows) => ticket === current.current && setState({ phase: 'read', name, blob: file, preview: rows, summary }));
      },
      () => ticket === current.current && setState({ phase: 'refused', name, message: t('batches.csv.read-failed') }),
    );
  }

  return { file: state, choose };
}
