import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Part 2 §5: a template is sanitised before it is shown (the form editor's previews, the public kiosk page). Scripts and every other way to run code or load a
 * page inside it go (script, style, link, meta, base, frames, objects), with inline event handlers (on…) and data
 * attributes; javascript: and other unknown schemes are dropped and every http: address is rewritten to https:.
 * A style attribute stays for layout, unless it loads something (url(), @import, expression()).
 */
const CONFIG = {
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  FORBID_TAGS: ['script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'template', 'portal'],
  FORBID_ATTR: ['srcdoc', 'ping', 'formtarget', 'http-equiv'],
  WHOLE_DOCUMENT: false,
} satisfies Config;

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'poster', 'cite', 'background', 'longdesc', 'xlink:href', 'data'];
const LOADING_STYLE = /url\s*\(|@import|expression\s*\(|behavior\s*:|-moz-binding/i;

/** An address with http: (or no scheme, '//host') as https:; anything else unchanged. */
export function forceHttps(url: string): string {
  return url.replace(/^(\s*)(?:http:|(?=\/\/))/i, '$1https:');
}

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify | null {
  if (purifier !== null) return purifier;
  if (typeof window === 'undefined') return null;
  // An instance of our own: its hooks do not reach any other DOMPurify user on the page.
  const instance = createDOMPurify(window);
  if (!instance.isSupported) return null;
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const name of URL_ATTRIBUTES) {
      const value = node.getAttribute(name);
      if (value !== null) node.setAttribute(name, forceHttps(value));
    }
    const srcset = node.getAttribute('srcset');
    if (srcset !== null) node.setAttribute('srcset', srcset.replace(/(^|,)(\s*)http:/gi, '$1$2https:').replace(/(^|,)(\s*)(?=\/\/)/g, '$1$2https:'));
    const style = node.getAttribute('style');
    if (style !== null && LOADING_STYLE.test(style)) node.removeAttribute('style');
  });
  purifier = instance;
  return purifier;
}

/**
 * The template's HTML, safe to show. Without a DOM to parse it with (never the case in a browser) it returns
 * nothing rather than the unsanitised text DOMPurify itself would hand back.
 */
export function sanitizeTemplate(html: string): string {
  const instance = getPurifier();
  if (instance === null) return '';
  return instance.sanitize(html, CONFIG);
}

/** The template as nodes ready to insert (the kiosk page), without a second parse; empty without a DOM. */
export function sanitizeTemplateToFragment(html: string): DocumentFragment {
  const instance = getPurifier();
  if (instance === null) return document.createDocumentFragment();
  return instance.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
