import { previewDocument } from './previewDocument.ts';
import { sanitizeTemplate } from '../../../ui/sanitizeTemplate.ts';

/** How long the preview window's blob address lives: long enough for the new window to read it. */
const PREVIEW_URL_LIFETIME_MS = 60_000;

type Texts = { title: string; emptyText: string; lang: string };

/** The sanitised preview document of a template (part 2 §5). */
export const templatePreviewDocument = (template: string, texts: Texts): string => previewDocument(sanitizeTemplate(template), texts);

/**
 * Part 2 §2 full Preview: the sanitised template in a new window that cannot reach back to the console (no opener,
 * no referrer).
 */
export function openTemplatePreview(template: string, texts: Texts): void {
  const url = URL.createObjectURL(new Blob([templatePreviewDocument(template, texts)], { type: 'text/html' }));
  window.open(url, '_blank', 'noopener,noreferrer');
  window.setTimeout(() => URL.revokeObjectURL(url), PREVIEW_URL_LIFETIME_MS);
}
