import { inlineScriptText } from '../tickets/templateDocument.ts';

/**
 * The builder's preview frame document (part 2 §4 frame handshake): an empty page with a page bar and a place for
 * the template, plus the preview script inlined (allowed by its hash in the console's content policy, so it also
 * runs offline). The template itself arrives later by message, sanitised, two seconds after the frame is ready.
 */
const STYLE = `<style>
body{font-family:system-ui,sans-serif;margin:0;color:#0f172a}
#page-bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;padding:8px 16px;border-bottom:1px solid #e2e8f0;background:#f8fafc}
#page-title{font-weight:600;margin:0;font-size:15px}
#page-buttons{display:flex;gap:6px}
#page-buttons button{font:inherit;font-size:13px;padding:4px 10px;border-radius:6px;border:1px solid #1f3a5f;background:#fff;color:#1f3a5f;cursor:pointer}
#page-buttons button:disabled{opacity:.5;cursor:default}
#template{padding:16px}
form{display:flex;flex-direction:column;gap:12px;max-width:640px}
label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px}
input,select,textarea{font:inherit;font-weight:400;padding:6px 8px;border:1px solid #cbd5e1;border-radius:6px}
</style>`;

export function previewDocument(previewScript: string, lang: string): string {
  return `<!doctype html><html lang="${lang.replace(/[^a-zA-Z-]/g, '')}"><head><meta charset="utf-8"><title>Preview</title>${STYLE}</head><body><div id="page-bar" hidden><p id="page-title" role="status"></p><div id="page-buttons"></div></div><div id="template"></div><script>${inlineScriptText(previewScript)}</script></body></html>`;
}
