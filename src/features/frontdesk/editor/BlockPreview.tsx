import { useMemo } from 'react';
import { isEmptyPreview, previewDocument } from './previewDocument.ts';
import { sanitizeTemplate } from '../../../ui/sanitizeTemplate.ts';

type Props = { template: string; texts: { title: string; emptyText: string; lang: string }; label: string };

/**
 * Preview Block (part 2 §2): the chosen blocks, sanitised, in a frame on the page, or the spec's empty-preview text
 * when nothing is left to show. The frame's sandbox grants nothing: no scripts, no forms, no navigation, an origin
 * of its own.
 */
export function BlockPreview({ template, texts: { title, emptyText, lang }, label }: Props) {
  const sanitized = useMemo(() => sanitizeTemplate(template), [template]);
  const document = useMemo(() => previewDocument(sanitized, { title, emptyText, lang }), [sanitized, title, emptyText, lang]);
  if (isEmptyPreview(sanitized)) {
    return (
      <p role="status" data-testid="block-preview" className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-600">
        {emptyText}
      </p>
    );
  }
  return <iframe title={label} sandbox="" srcDoc={document} data-testid="block-preview" className="h-72 w-full rounded-lg border border-slate-200 bg-white" />;
}
