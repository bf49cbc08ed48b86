/**
 * A small Mango evaluator: whether a document matches a selector, and the order a sort gives, as RxDB decides
 * them (its matcher is mingo's, its comparator mingo's type order). The page merges its overlay of pending
 * effects with the replica's answers using these, without loading RxDB; tests/domain/sync/mango.test.ts checks
 * them against RxDB's own on the same documents. Only the operators the product's queries use are known:
 * any other throws, so a new one is added here (and to the tests) before a screen can use it. Pure.
 */

export type MangoSelector = Record<string, unknown>;
export type MangoSort = ReadonlyArray<Record<string, 'asc' | 'desc'>>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof RegExp);

/** A field's value by dotted path (`a.b`); undefined when any step is missing. */
export function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

// Mingo's order of types: missing, null, numbers, strings, objects, arrays, booleans.
function typeRank(value: unknown): number {
  if (value === undefined) return 1;
  if (value === null) return 2;
  switch (typeof value) {
    case 'number':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
    default:
      return Array.isArray(value) ? 7 : 6;
  }
}

/** Two values in mingo's sort order (values of one type by their natural order). */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  if (rankA === 2) return 0;
  if (rankA === 3 || rankA === 4 || rankA === 9) return (a as number) < (b as number) ? -1 : 1;
  const textA = JSON.stringify(a);
  const textB = JSON.stringify(b);
  return textA === textB ? 0 : textA < textB ? -1 : 1;
}

/** The comparator of a sort, as RxDB's query answers are ordered (give the normalized sort, primary key last). */
export function sortComparator(sort: MangoSort): (a: unknown, b: unknown) => number {
  const parts = sort.map((part) => {
    const [key, direction] = Object.entries(part)[0]!;
    return { key, sign: direction === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { key, sign } of parts) {
      const order = compareValues(valueAt(a, key), valueAt(b, key));
      if (order !== 0) return order * sign;
    }
    return 0;
  };
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || ((a === null || a === undefined) && (b === null || b === undefined)) || (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b));

/** Equality as Mango means it: an array field equals a value it contains. */
const equals = (field: unknown, wanted: unknown): boolean => sameValue(field, wanted) || (Array.isArray(field) && field.some((item) => sameValue(item, wanted)));

/** Range operators compare values of the same type only (a number is never below a string). */
function inRange(field: unknown, bound: unknown, accept: (order: number) => boolean): boolean {
  const test = (value: unknown) => value !== undefined && value !== null && typeRank(value) === typeRank(bound) && accept(compareValues(value, bound));
  return test(field) || (Array.isArray(field) && field.some(test));
}

function regexOf(pattern: unknown, options: unknown): RegExp {
  if (pattern instanceof RegExp) return pattern;
  return new RegExp(String(pattern), typeof options === 'string' ? options : '');
}

function fieldMatches(field: unknown, condition: unknown): boolean {
  if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) return equals(field, condition);
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        if (!equals(field, operand)) return false;
        break;
      case '$ne':
        if (equals(field, operand)) return false;
        break;
      case '$in':
        if (!(operand as unknown[]).some((wanted) => equals(field, wanted))) return false;
        break;
      case '$nin':
        if ((operand as unknown[]).some((wanted) => equals(field, wanted))) return false;
        break;
      case '$gt':
        if (!inRange(field, operand, (order) => order > 0)) return false;
        break;
      case '$gte':
        if (!inRange(field, operand, (order) => order >= 0)) return false;
        break;
      case '$lt':
        if (!inRange(field, operand, (order) => order < 0)) return false;
        break;
      case '$lte':
        if (!inRange(field, operand, (order) => order <= 0)) return false;
        break;
      case '$exists':
        if ((field !== undefined) !== Boolean(operand)) return false;
        break;
      case '$regex': {
        const regex = regexOf(operand, condition.$options);
        const test = (value: unknown) => typeof value === 'string' && regex.test(value);
        if (!(test(field) || (Array.isArray(field) && field.some(test)))) return false;
        break;
      }
      case '$options':
        break;
      case '$not':
        if (fieldMatches(field, operand)) return false;
        break;
      default:
        throw new Error(`Unsupported Mango operator ${operator}`);
    }
  }
  return true;
}

/** Whether a document matches a Mango selector (shorthand `{ field: value }` included). */
export function matchesSelector(doc: unknown, selector: MangoSelector): boolean {
  for (const [key, condition] of Object.entries(selector)) {
    switch (key) {
      case '$and':
        if (!(condition as MangoSelector[]).every((part) => matchesSelector(doc, part))) return false;
        break;
      case '$or':
        if (!(condition as MangoSelector[]).some((part) => matchesSelector(doc, part))) return false;
        break;
      case '$nor':
        if ((condition as MangoSelector[]).some((part) => matchesSelector(doc, part))) return false;
        break;
      default:
        if (key.startsWith('$')) throw new Error(`Unsupported Mango operator ${key}`);
        if (!fieldMatches(valueAt(doc, key), condition)) return false;
    }
  }
  return true;
}
