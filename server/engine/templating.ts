/**
 * `{{name}}` placeholders in stage configs (e-mail text, API URLs and bodies) filled from the instance's values.
 * Dotted names read nested values. A missing value becomes an empty string. No code runs: it is a lookup.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

export function lookup(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export function fillTemplate(text: string, values: Record<string, unknown>, encode: (s: string) => string = (s) => s): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => encode(asText(lookup(values, path))));
}

/** Fills every string inside a JSON value (API request bodies and headers). */
export function fillDeep(value: unknown, values: Record<string, unknown>): unknown {
  if (typeof value === 'string') return fillTemplate(value, values);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values)]));
  }
  return value;
}
