/**
 * The one input boundary (ARCHITECTURE.md, security baseline): every body, query, parameter and mutation argument
 * is inspected before any schema or service sees it. PostgreSQL cannot hold a NUL character in text or JSON, and a
 * lone UTF-16 surrogate is silently replaced on the way in; both are refused here with the field named, rather than
 * failing deep in a query or being changed without a word. Structural limits keep a hostile payload from
 * overflowing a recursive parser or serialiser (zod's `z.json()`, `JSON.stringify`).
 *
 * Pure and iterative: no recursion, so the inspection itself cannot overflow the stack.
 */

export const INPUT_LIMITS = {
  /** Nesting of arrays and objects; the deepest legitimate payload (a flow graph's stage settings) is about 8. */
  maxDepth: 32,
  /** Elements of any one array. */
  maxArrayLength: 10_000,
  /** Keys of any one object. */
  maxObjectKeys: 1_000,
  /** Characters of any one string (a JSON body is capped at 1 MB before this runs). */
  maxStringLength: 1_000_000,
  /** Values in the whole payload. */
  maxValues: 200_000,
} as const;

export type InputLimits = { [K in keyof typeof INPUT_LIMITS]: number };

export type InputProblemCode =
  | 'nul-character'
  | 'lone-surrogate'
  | 'too-deep'
  | 'too-long'
  | 'too-many-items'
  | 'too-many-keys'
  | 'too-large'
  | 'forbidden-key'
  | 'not-json';

export type InputProblem = { code: InputProblemCode; path: string; message: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string, or null: NUL characters and unpaired surrogates cannot be stored faithfully. */
export function stringProblem(text: string, maxLength: number = INPUT_LIMITS.maxStringLength): Exclude<InputProblemCode, 'too-deep'> | null {
  if (text.length > maxLength) return 'too-long';
  if (text.includes('\u0000')) return 'nul-character';
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate';
  return null;
}

/**
 * A copy of a text that a database can hold: NUL and unpaired surrogates become U+FFFD. Only for recording what
 * was refused (a trace, a log line); accepted input is never changed silently.
 */
export function storableCopy(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

const MESSAGES: Record<InputProblemCode, (limits: InputLimits) => string> = {
  'nul-character': () => 'contains a NUL character, which cannot be stored',
  'lone-surrogate': () => 'contains an unpaired UTF-16 surrogate (invalid Unicode)',
  'too-deep': (l) => `is nested more than ${l.maxDepth} levels deep`,
  'too-long': (l) => `is longer than ${l.maxStringLength.toLocaleString('en-US')} characters`,
  'too-many-items': (l) => `has more than ${l.maxArrayLength.toLocaleString('en-US')} items`,
  'too-many-keys': (l) => `has more than ${l.maxObjectKeys.toLocaleString('en-US')} keys`,
  'too-large': (l) => `holds more than ${l.maxValues.toLocaleString('en-US')} values`,
  'forbidden-key': () => 'uses a reserved key (__proto__, or constructor.prototype)',
  'not-json': () => 'is not a JSON value',
};

const problem = (code: InputProblemCode, path: string, limits: InputLimits): InputProblem => ({
  code,
  path,
  message: `${path} ${MESSAGES[code](limits)}`,
});

const isIdentifier = (key: string) => /^[A-Za-z_$][\w$]*$/.test(key);
const childPath = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : isIdentifier(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;

/**
 * The first thing about `value` that the server must refuse, or null. `root` names the payload in the message
 * ("body", "query", "args"), so the answer says which field was wrong: "body.notes[2].title contains a NUL …".
 * Only JSON values pass: functions, symbols, bigints and non-finite numbers are `not-json`.
 */
export function inputProblem(value: unknown, root: string, limits: InputLimits = INPUT_LIMITS): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    seen += 1;
    if (seen > limits.maxValues) return problem('too-large', root, limits);
    const current = item.value;
    if (current === null || current === undefined || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return problem('not-json', item.path, limits);
      continue;
    }
    if (typeof current === 'string') {
      const code = stringProblem(current, limits.maxStringLength);
      if (code) return problem(code, item.path, limits);
      continue;
    }
    if (typeof current !== 'object') return problem('not-json', item.path, limits);
    if (item.depth >= limits.maxDepth) return problem('too-deep', item.path, limits);
    if (Array.isArray(current)) {
      if (current.length > limits.maxArrayLength) return problem('too-many-items', item.path, limits);
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], path: childPath(item.path, i), depth: item.depth + 1 });
      continue;
    }
    const keys = Object.keys(current);
    if (keys.length > limits.maxObjectKeys) return problem('too-many-keys', item.path, limits);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const path = childPath(item.path, key);
      const keyCode = stringProblem(key);
      if (keyCode) return problem(keyCode, path, limits);
      const child = (current as Record<string, unknown>)[key];
      if (key === '__proto__' || (key === 'constructor' && typeof child === 'object' && child !== null && 'prototype' in child)) {
        return problem('forbidden-key', path, limits);
      }
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/**
 * How deeply a JSON text nests, checked on the text before it is parsed, so a body of 100,000 nested arrays is
 * refused in one linear pass instead of being built and walked. Answers true when `maxDepth` is exceeded.
 */
export function jsonTextTooDeep(text: string, maxDepth: number = INPUT_LIMITS.maxDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}
