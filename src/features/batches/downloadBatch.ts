import { batchCsv, batchFileName } from '../../domain/batches/batchDetail.ts';
import type { BatchDoc, BatchLineDoc } from '../../domain/sync/documents.gen.ts';

/**
 * Saves the batch as `<batchId>.csv` (part 2 §7 download) from what the replica holds, through a Blob and a
 * temporary link, so it works offline too. Answers the file's name.
 */
export function downloadBatch(batch: BatchDoc, lines: readonly BatchLineDoc[]): string {
  const name = batchFileName(batch.id);
  const url = URL.createObjectURL(new Blob([batchCsv(batch.header, lines)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
  return name;
}
