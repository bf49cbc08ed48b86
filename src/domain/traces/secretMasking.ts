/**
 * Secrets never leave the server in a trace (issue 19): header values such as Authorization or an API key, and body
 * fields named like a secret at any depth, are shown as this mask instead.
 */
export const SECRET_MASK = '••••';

const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const SECRET_WORDS = ['token', 'secret', 'passphrase'] as const;

const hasSecretWord = (name: string) => SECRET_WORDS.some((word) => name.includes(word));

/** Is this header's value a secret? Names compare case-insensitively, as HTTP header names do. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || hasSecretWord(lower);
}

/** Is a body field of this name a secret? The same names as headers (an 'authorization' field, 'accessToken', …). */
export function isSecretField(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || hasSecretWord(lower) || hasSecretWord(lower.replace(/[-_]/g, ''));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Headers as stored (an object of names to values; anything else is returned as it is). */
export function maskHeaders<T>(headers: T): T {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers)) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) && value !== null ? SECRET_MASK : value])) as T;
}

/** A JSON body with every field named like a secret masked, at any depth (inside arrays too). */
export function maskBody<T>(body: T): T {
  return maskValue(body as Json) as T;
}

function maskValue(value: Json): Json {
  if (Array.isArray(value)) return value.map(maskValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, isSecretField(key) && inner !== null ? SECRET_MASK : maskValue(inner)]));
  }
  return value;
}

/** A URL whose query parameters named like a secret ('?token=…', '?api_secret=…') are masked; other text is kept. */
export function maskUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const params = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed escape is compared as written.
      }
      return isSecretField(name) ? `${pair.slice(0, eq)}=${SECRET_MASK}` : pair;
    });
  return `${url.slice(0, query + 1)}${params.join('&')}${url.slice(end)}`;
}
