import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, inputProblem, jsonTextTooDeep, storableCopy } from '../../../src/domain/validation/inputBoundary.ts';
import { CLIENT_ID_PATTERN } from '../../../src/domain/validation/ids.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('the input boundary', () => {
  it.each([
    ['plain text and numbers', { name: 'Ana', age: 3, tags: ['a', 'b'], ok: true, none: null }, null],
    ['emoji (a surrogate pair)', { name: 'Ana 😀' }, null],
    ['a NUL in a nested value', { notes: [{ title: 'x\u0000' }] }, ['nul-character', 'body.notes[0].title']],
    ['a lone high surrogate', { name: 'a\uD800b' }, ['lone-surrogate', 'body.name']],
    ['a lone low surrogate at the start', ['\uDC00'], ['lone-surrogate', 'body[0]']],
    ['a NUL in a key', { 'a\u0000': 1 }, ['nul-character', 'body["a\\u0000"]']],
    ['a __proto__ key', JSON.parse('{"__proto__":{"admin":true}}'), ['forbidden-key', 'body.__proto__']],
    ['constructor.prototype', { constructor: { prototype: {} } }, ['forbidden-key', 'body.constructor']],
    ['a key that merely says constructor', { constructor: 'fine' }, null],
    ['nesting at the limit', nested(INPUT_LIMITS.maxDepth), null],
    ['nesting past the limit', nested(INPUT_LIMITS.maxDepth + 1), ['too-deep', `body${'[0]'.repeat(INPUT_LIMITS.maxDepth)}`]],
    ['a function', { run: () => 1 }, ['not-json', 'body.run']],
    ['an infinite number', { n: Infinity }, ['not-json', 'body.n']],
  ])('%s', (_what, value, expected) => {
    const found = inputProblem(value, 'body');
    expect(found === null ? null : [found.code, found.path]).toEqual(expected);
  });

  it('100,000 nested arrays are refused without overflowing the stack', () => {
    expect(inputProblem(nested(100_000), 'args')?.code).toBe('too-deep');
  });

  it('counts: items, keys, string length and total size', () => {
    expect(inputProblem(new Array(INPUT_LIMITS.maxArrayLength + 1).fill(0), 'q')?.code).toBe('too-many-items');
    expect(inputProblem(Object.fromEntries(Array.from({ length: INPUT_LIMITS.maxObjectKeys + 1 }, (_, i) => [`k${i}`, i])), 'q')?.code).toBe('too-many-keys');
    expect(inputProblem('x'.repeat(INPUT_LIMITS.maxStringLength + 1), 'q')?.code).toBe('too-long');
    const wide = Array.from({ length: 30 }, () => new Array(10_000).fill(1));
    expect(inputProblem(wide, 'q')?.code).toBe('too-large');
  });

  it('the message names the field and says what is wrong', () => {
    expect(inputProblem({ ticketId: 'a\u0000' }, 'args')?.message).toBe('args.ticketId contains a NUL character, which cannot be stored');
  });

  it('the depth of a JSON text is measured before parsing, ignoring brackets inside strings', () => {
    expect(jsonTextTooDeep('['.repeat(33) + ']'.repeat(33))).toBe(true);
    expect(jsonTextTooDeep('['.repeat(32) + ']'.repeat(32))).toBe(false);
    expect(jsonTextTooDeep(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(jsonTextTooDeep(`{"a":"\\"${'{'.repeat(100)}"}`)).toBe(false);
  });

  it('a storable copy replaces what a database cannot hold, and keeps the rest', () => {
    expect(storableCopy('a\u0000b\uD800c😀')).toBe('a\uFFFDb\uFFFDc😀');
  });

  it.each([
    ['0b9f4c1e-5d1a-4b8e-9c3f-2a6d7e8f9a0b', true],
    ['tkt-0b9f4c1e-5d1a-4b8e-9c3f-2a6d7e8f9a0b', true],
    ['client-a', true],
    ['short', false],
    ['../../../../etc/passwd', false],
    ['a\r\nX-Injected: 1', false],
    ['__proto__', false],
    ['-leading-dash', false],
    ['x'.repeat(101), false],
  ])('client-chosen id %j matches the id pattern: %s', (id, ok) => {
    expect(CLIENT_ID_PATTERN.test(id)).toBe(ok);
  });
});
