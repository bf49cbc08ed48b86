/**
 * How an administrator's form template is cleaned before a page shows it (the kiosk here; the console's previews
 * may import it too): no scripts or other active content, no inline event handlers, no data-* attributes, links
 * only to https addresses (plain http is upgraded, any other scheme or a relative link loses its href), and no
 * form action of its own (the page that shows it handles the submit). DOMPurify needs a DOM, so this cannot
 * live in src/domain/.
 */
import DOMPurify, { type Config } from 'dompurify';

export const TEMPLATE_PURIFY_CONFIG = {
  ALLOW_DATA_ATTR: false,
  // Script and frame-like content, and what would change the page's base address, styles or refresh it.
  FORBID_TAGS: ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'base', 'meta', 'link', 'noscript', 'template'],
  FORBID_ATTR: ['action', 'formaction', 'srcdoc', 'ping'],
} satisfies Config;

/** An `href` as it may stay: https as given, http upgraded to https, anything else (javascript:, mailto:, relative) dropped. */
export function httpsOnly(href: string): string | null {
  const trimmed = href.trim();
  if (/^https:\/\//i.test(trimmed)) return trimmed;
  if (/^http:\/\//i.test(trimmed)) return `https://${trimmed.slice('http://'.length)}`;
  return null;
}

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/** One DOMPurify instance of our own, so its link hook never touches other users of the default instance. */
function templatePurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof Element) || !node.hasAttribute('href')) return;
    const safe = httpsOnly(node.getAttribute('href') ?? '');
    if (safe === null) node.removeAttribute('href');
    else node.setAttribute('href', safe);
    if (node.tagName === 'A' && safe !== null) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/** The template as markup safe to insert. */
export function sanitizeTemplate(template: string): string {
  return templatePurifier().sanitize(template, TEMPLATE_PURIFY_CONFIG);
}

/** The template as nodes ready to insert, without a second parse. */
export function sanitizeTemplateToFragment(template: string): DocumentFragment {
  return templatePurifier().sanitize(template, { ...TEMPLATE_PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });
}
