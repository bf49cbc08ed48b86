/**
 * The page a preview shows: the sanitised template under a policy of its own that lets nothing run, load a script,
 * submit or frame anything, so even markup the sanitiser let through stays inert. Images and fonts may come from
 * https addresses only (the sanitiser has already rewritten http ones).
 */
const PREVIEW_POLICY = "default-src 'none'; img-src https: data: blob:; style-src 'unsafe-inline'; font-src https: data:; form-action 'none'; base-uri 'none'; frame-src 'none'";

// The same plain look the ticket frame gives bare forms.
const PREVIEW_STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:16px;color:#0f172a}
form{display:flex;flex-direction:column;gap:12px;max-width:640px}
label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px}
input,select,textarea{font:inherit;font-weight:400;padding:6px 8px;border:1px solid #cbd5e1;border-radius:6px}
input[type=checkbox]{align-self:flex-start}
.actions{display:flex;gap:8px}
button{font:inherit;font-weight:600;padding:8px 16px;border-radius:8px;border:1px solid #1f3a5f;background:#fff;color:#1f3a5f}
button[type=submit]{background:#1f3a5f;color:#fff}
.empty{color:#475569}`;

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A whole document around `sanitizedBody` (already through sanitizeTemplate); when it shows nothing, `emptyText`
 * instead (part 2 §2: 'No content available for preview. Template appears to be empty.').
 */
export function previewDocument(sanitizedBody: string, options: { title: string; emptyText: string; lang: string }): string {
  const body = sanitizedBody.trim() === '' ? `<p class="empty">${escapeText(options.emptyText)}</p>` : sanitizedBody;
  return `<!doctype html><html lang="${escapeText(options.lang)}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}"><meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(options.title)}</title><style>${PREVIEW_STYLE}</style></head><body>${body}</body></html>`;
}

/** Whether a sanitised template shows nothing at all (the empty preview's case). */
export const isEmptyPreview = (sanitizedBody: string): boolean => sanitizedBody.trim() === '';
