import { signingEn, type SigningTexts } from '../../src/i18n/signing.en.ts';
import { signingEs } from '../../src/i18n/signing.es.ts';

/** The signer's language from Accept-Language: Spanish when it comes first among the two, else English. */
export function signingTexts(acceptLanguage: string | undefined): SigningTexts {
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .find((tag) => tag.startsWith('es') || tag.startsWith('en'));
  return first?.startsWith('es') ? signingEs : signingEn;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');

// Inline styles are allowed by the CSP (style-src 'unsafe-inline'); scripts are not, hence /sign.js.
const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
main{max-width:40rem;margin:0 auto;padding:1rem}section{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.375rem;margin:0 0 .75rem}p{margin:0 0 .75rem;line-height:1.5;overflow-wrap:anywhere}
a{color:#1d4ed8}a:focus-visible,button:focus-visible,input:focus-visible,canvas:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.pad{display:block;width:100%;height:12rem;border:2px dashed #64748b;border-radius:.5rem;background:#fff;touch-action:none;cursor:crosshair}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;font:inherit;padding:.5rem .75rem;border:1px solid #94a3b8;border-radius:.5rem}
.hint{color:#475569;font-size:.875rem;margin:.25rem 0 0}.consent{font-size:.875rem;color:#334155;margin-top:1rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;justify-content:flex-end;margin-top:1rem}
button{font:inherit;font-weight:600;border-radius:.5rem;padding:.625rem 1.25rem;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer;min-height:2.75rem}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}button:disabled{opacity:.6;cursor:default}
.status{min-height:1.5rem;margin-top:.75rem;font-weight:600}.status.error{color:#b91c1c}.status.ok{color:#15803d}`;

function shell(texts: SigningTexts, title: string, body: string): string {
  return `<!doctype html>
<html lang="${texts.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

export type SigningPageData = { signerName: string; caseId: string; document: { name: string; url: string } | null };

/**
 * The page a signer opens: who is asked to sign what, a link to read the document, the pad (canvas driven by
 * /sign.js with pointer events), a typed-name alternative for those who cannot draw, Clear and Sign. The script
 * takes its texts from data attributes, so it holds no words of its own.
 */
export function signingPage(texts: SigningTexts, data: SigningPageData): string {
  const signer = escapeHtml(data.signerName);
  const what = data.document ? `<strong>${escapeHtml(data.document.name)}</strong>` : escapeHtml(fill(texts.caseDocument, { caseId: data.caseId }));
  const messages = {
    'sign-first': texts.signFirst,
    signing: texts.signing,
    done: fill(texts.done, { signer: data.signerName }),
    'done-title': texts.doneTitle,
    continue: texts.continue,
    failed: texts.failed,
    ...Object.fromEntries(Object.entries(texts.errors).map(([status, text]) => [`error-${status}`, text])),
  };
  const attributes = Object.entries(messages)
    .map(([key, value]) => `data-msg-${key}="${escapeHtml(value)}"`)
    .join(' ');
  return shell(
    texts,
    texts.title,
    `<section id="signing" ${attributes}>
<h1 id="signing-title" tabindex="-1">${escapeHtml(texts.title)}</h1>
<p>${fill(escapeHtml(texts.intro), { signer, document: what })}</p>
${data.document ? `<p><a href="${escapeHtml(data.document.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(texts.openDocument)}</a></p>` : ''}
<form id="sign-form" novalidate>
<p id="pad-hint" class="hint">${escapeHtml(texts.padHint)}</p>
<canvas id="pad" class="pad" role="img" aria-label="${escapeHtml(texts.padLabel)}" aria-describedby="pad-hint" data-testid="signing-pad"></canvas>
<label for="typed">${escapeHtml(texts.typedLabel)}</label>
<input id="typed" name="typed" autocomplete="name" maxlength="80">
<p class="consent">${escapeHtml(texts.consent)}</p>
<div class="actions"><button type="button" id="clear">${escapeHtml(texts.clear)}</button><button type="submit" id="sign" class="primary">${escapeHtml(texts.sign)}</button></div>
<p id="status" class="status" role="status" aria-live="polite"></p>
</form>
</section>
<script src="/sign.js" defer></script>`,
  );
}

/** A refusal (unknown link, already signed, expired, too many attempts) as a short page in the signer's language. */
export function signingErrorPage(texts: SigningTexts, status: number, fallback: string): string {
  const known = Object.hasOwn(texts.errors, status);
  const title = known ? texts.errorTitles[status as keyof SigningTexts['errorTitles']] : texts.title;
  const message = known ? texts.errors[status as keyof SigningTexts['errors']] : fallback;
  return shell(texts, title, `<section><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></section>`);
}
