import type { TFunction } from 'i18next';
import type { MessageParams } from '../../domain/batches/batchLines.ts';

/** The CSV reader's codes the catalogues word (batches.csv.*); any other keeps the reader's English words. */
const WORDED = new Set(['not-csv', 'empty-file', 'no-header', 'header-name-missing', 'header-name-repeated', 'utf-16', 'not-utf8', 'read-failed', 'ragged', 'unclosed-quote', 'malformed-quote']);

/** A file refusal or a line problem in the user's language: the worker sends its code and figures with its words. */
export function csvMessage(t: TFunction, problem: { code: string; message: string; params?: MessageParams; line?: number }): string {
  if (!WORDED.has(problem.code)) return problem.message;
  return t(`batches.csv.${problem.code}`, { ...(problem.line === undefined ? {} : { line: problem.line }), ...problem.params });
}
