import type { TFunction } from 'i18next';
import type { BlockSummary } from '../../../domain/forms/templateBlocks.ts';

/** A block's label in the reader's language, e.g. 'Input: Your name (customerName)'. */
export function blockCaption(t: TFunction, summary: BlockSummary): string {
  const word = summary.control === 'element' && summary.tag === '' ? t('frontdeskEditor.kinds.html') : t(`frontdeskEditor.controls.${summary.control}`, { tag: summary.tag });
  const described = [summary.text, summary.name === null ? '' : `(${summary.name})`].filter(Boolean).join(' ');
  return described === '' ? word : `${word}: ${described}`;
}
