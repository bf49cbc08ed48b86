import { MAX_GENERATED_INSTANCES, MAX_START_VALUES_CHARS } from './schemas.ts';
import type { StageDisplayStatus } from './instanceStatus.ts';

/**
 * Instance values as people write and read them: the 'generate instances' form (how many, and the values as
 * name/value rows or as JSON) and the readable key/value list of a stage's values in the instance detail. Pure.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type Values = { [key: string]: JsonValue };

export type ValueRow = { name: string; value: string };

/** Problems of the form, as codes the screen words in the user's language. */
export type GenerateProblem =
  | { field: 'count'; code: 'count-range' }
  | { field: 'rows'; code: 'name-missing' | 'name-repeated' | 'name-too-long'; row: number }
  | { field: 'json'; code: 'json-invalid' | 'json-not-object' }
  | { field: 'values'; code: 'too-large' | 'too-many' };

export type GenerateForm = { count: string; mode: 'rows' | 'json'; rows: readonly ValueRow[]; json: string };

/** A row's value as typed: JSON literals (numbers, true/false/null, quoted text, arrays, objects) or plain text. */
export function rowValue(text: string): JsonValue {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return text;
  }
}

export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= 1 && count <= MAX_GENERATED_INSTANCES ? count : null;
}

/** The form's count and values, or every problem found (so each shows beside its field at once). */
export function readGenerateForm(form: GenerateForm): { ok: true; count: number; values: Values } | { ok: false; problems: GenerateProblem[] } {
  const problems: GenerateProblem[] = [];
  const count = parseCount(form.count);
  if (count === null) problems.push({ field: 'count', code: 'count-range' });
  let values: Values = {};
  if (form.mode === 'json') {
    const text = form.json.trim();
    if (text !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        problems.push({ field: 'json', code: 'json-invalid' });
      }
      if (parsed !== undefined) {
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) values = parsed as Values;
        else problems.push({ field: 'json', code: 'json-not-object' });
      }
    }
  } else {
    const seen = new Set<string>();
    form.rows.forEach((row, index) => {
      const name = row.name.trim();
      if (name === '' && row.value.trim() === '') return;
      if (name === '') problems.push({ field: 'rows', code: 'name-missing', row: index });
      else if (name.length > 100) problems.push({ field: 'rows', code: 'name-too-long', row: index });
      else if (seen.has(name)) problems.push({ field: 'rows', code: 'name-repeated', row: index });
      else {
        seen.add(name);
        values[name] = rowValue(row.value);
      }
    });
  }
  if (Object.keys(values).length > 100) problems.push({ field: 'values', code: 'too-many' });
  else if (JSON.stringify(values).length > MAX_START_VALUES_CHARS) problems.push({ field: 'values', code: 'too-large' });
  return problems.length > 0 || count === null ? { ok: false, problems } : { ok: true, count, values };
}

/** A value in one line: text as it is, everything else as compact JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

/** A values object as name/value pairs in name order; anything that is not an object has no pairs. */
export function valuePairs(values: unknown): { name: string; value: string }[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return [];
  return Object.entries(values as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => ({ name, value: valueText(value) }));
}

/**
 * A stage row's display status (part 1 §4) from the engine's stage status: succeeded, failed, or waiting on a
 * human or a timer. A stage the runner is still working on also reads WAITING (it has neither succeeded nor
 * failed yet; the spec's rule would call a running api stage FAILED). Anything else (a canceled ticket) has no
 * display status, so it reads UNKNOWN.
 */
export function stageRowDisplay(status: string): StageDisplayStatus | 'unknown' {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
      return 'failed';
    case 'waiting':
    case 'running':
      return 'waiting';
    default:
      return 'unknown';
  }
}
