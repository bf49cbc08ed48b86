/**
 * The fields of a front-desk form's template (part 2 §3 Front desk form, §5): what a kiosk may send and what the
 * server accepts for it. Read without a DOM (the server and the kiosk's tiny script have none) by a small tokenizer
 * over the template's tags: comments, scripts and styles are skipped, the raw text of a textarea is not parsed.
 *
 * Decisions:
 * - `input type=submit|button|reset|file|image` are actions or files, not values: never fields.
 * - `input type=hidden` IS a field (type 'text', never required): a template may carry a fixed value (a branch, a
 *   campaign) that the kiosk sends with the rest.
 * - One entry per distinct name, in document order of its first control; a radio group gathers its options, and a
 *   name is required when any of its controls is.
 * - Input types other than the ones listed in `FormField` read as 'text' ('url', 'search', 'time', …), except
 *   'range', which is a number.
 * - The label is the control's `aria-label`, else the text of a `<label for=id>`, else the text of the label that
 *   wraps it, else null; a radio group's label is the legend of its fieldset (a radio's own label names a choice).
 */
export type FormFieldType = 'text' | 'email' | 'number' | 'tel' | 'date' | 'textarea' | 'select' | 'checkbox' | 'radio';

export type FormField = { name: string; type: FormFieldType; required: boolean; label: string | null; options?: string[] };

export const SUBMISSION_LIMITS = { maxValueLength: 5000, maxBodyBytes: 65536 } as const;

const NOT_FIELDS = new Set(['submit', 'button', 'reset', 'file', 'image']);
const KNOWN_INPUT_TYPES = new Set<FormFieldType>(['text', 'email', 'number', 'tel', 'date', 'checkbox', 'radio']);

type Attributes = Map<string, string>;
type Tag = { name: string; closing: boolean; attributes: Attributes; end: number };

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/y;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) % 0x110000);
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) % 0x110000);
    return ENTITIES[lower] ?? whole;
  });
}

const cleanText = (text: string): string => decodeEntities(text).replace(/\s+/g, ' ').trim();

function parseAttributes(text: string): Attributes {
  const attributes: Attributes = new Map();
  for (const match of text.matchAll(ATTRIBUTE)) {
    const key = (match[1] ?? '').toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/** Index just past the first case-insensitive `needle` at or after `from`, or the end of the text. */
function skipPast(source: string, lower: string, needle: string, from: number): number {
  const at = lower.indexOf(needle, from);
  return at < 0 ? source.length : at + needle.length;
}

type Token = { kind: 'tag'; tag: Tag } | { kind: 'text'; text: string };

/** The template as tags and text; comments, script and style bodies and raw textarea text are dropped. */
function tokenize(source: string): Token[] {
  const lower = source.toLowerCase();
  const tokens: Token[] = [];
  let index = 0;
  let textStart = 0;
  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: 'text', text: source.slice(textStart, end) });
  };
  while (index < source.length) {
    const lt = source.indexOf('<', index);
    if (lt < 0) break;
    if (source.startsWith('<!--', lt)) {
      flushText(lt);
      index = textStart = skipPast(source, lower, '-->', lt + 4);
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(source);
    if (!match) {
      index = lt + 1;
      continue;
    }
    flushText(lt);
    const tag: Tag = { name: (match[2] ?? '').toLowerCase(), closing: match[1] === '/', attributes: parseAttributes(match[3] ?? ''), end: TAG.lastIndex };
    tokens.push({ kind: 'tag', tag });
    index = textStart = tag.end;
    if (!tag.closing && (tag.name === 'script' || tag.name === 'style' || tag.name === 'textarea')) {
      const close = lower.indexOf(`</${tag.name}`, index);
      index = textStart = close < 0 ? source.length : close;
    }
  }
  flushText(source.length);
  return tokens;
}

function inputType(attributes: Attributes): FormFieldType | null {
  const type = (attributes.get('type') ?? 'text').trim().toLowerCase();
  if (NOT_FIELDS.has(type)) return null;
  if (type === 'range') return 'number';
  return KNOWN_INPUT_TYPES.has(type as FormFieldType) ? (type as FormFieldType) : 'text';
}

type Control = {
  name: string;
  type: FormFieldType;
  required: boolean;
  id: string | null;
  ariaLabel: string | null;
  wrappingLabel: number | null;
  legend: number | null;
  options: string[];
};

/** The named controls of a template, one entry per distinct name, in document order. */
export function formFields(template: string): FormField[] {
  const tokens = tokenize(template);
  const controls: Control[] = [];
  const labelTexts: string[] = [];
  const labelsFor = new Map<string, number>();
  let openLabel: number | null = null;
  let openSelect: Control | null = null;
  let openOption: { value: string | null; text: string } | null = null;
  /** Each open fieldset's legend (an index into labelTexts), innermost last; a radio group is named by it. */
  const fieldsets: Array<number | null> = [];
  let openLegend: number | null = null;

  const closeOption = () => {
    if (openOption && openSelect) openSelect.options.push(openOption.value ?? cleanText(openOption.text));
    openOption = null;
  };

  for (const token of tokens) {
    if (token.kind === 'text') {
      if (openOption) openOption.text += token.text;
      else if (openLegend !== null) labelTexts[openLegend] += token.text;
      else if (openLabel !== null && !openSelect) labelTexts[openLabel] += token.text;
      continue;
    }
    const { name, closing, attributes } = token.tag;
    if (name === 'label') {
      if (closing) openLabel = null;
      else {
        openLabel = labelTexts.push('') - 1;
        const target = attributes.get('for');
        if (target && !labelsFor.has(target)) labelsFor.set(target, openLabel);
      }
      continue;
    }
    if (name === 'fieldset') {
      if (closing) fieldsets.pop();
      else fieldsets.push(null);
      continue;
    }
    if (name === 'legend') {
      if (closing) openLegend = null;
      else if (fieldsets.length > 0 && fieldsets[fieldsets.length - 1] === null) {
        openLegend = labelTexts.push('') - 1;
        fieldsets[fieldsets.length - 1] = openLegend;
      }
      continue;
    }
    if (name === 'option') {
      closeOption();
      if (!closing && openSelect) openOption = { value: attributes.get('value') ?? null, text: '' };
      continue;
    }
    if (name === 'select' && closing) {
      closeOption();
      openSelect = null;
      continue;
    }
    if (closing || (name !== 'input' && name !== 'textarea' && name !== 'select')) continue;
    const type: FormFieldType | null = name === 'input' ? inputType(attributes) : name;
    const controlName = attributes.get('name')?.trim();
    if (type === null || !controlName) {
      if (name === 'select') openSelect = null;
      continue;
    }
    const hidden = name === 'input' && (attributes.get('type') ?? '').trim().toLowerCase() === 'hidden';
    const control: Control = {
      name: controlName,
      type,
      required: !hidden && attributes.has('required'),
      id: attributes.get('id') ?? null,
      ariaLabel: attributes.get('aria-label')?.trim() || null,
      wrappingLabel: openLabel,
      legend: fieldsets.findLast((legend) => legend !== null) ?? null,
      options: type === 'radio' || type === 'checkbox' ? [attributes.get('value') ?? 'on'] : [],
    };
    controls.push(control);
    if (name === 'select') openSelect = control;
  }
  closeOption();

  const labelOf = (control: Control): string | null => {
    if (control.ariaLabel) return cleanText(control.ariaLabel);
    const forLabel = control.id === null ? undefined : labelsFor.get(control.id);
    // A radio's own label names one choice, not the question: the group is named by its fieldset's legend.
    const ownLabel = control.type === 'radio' ? control.legend : (forLabel ?? control.wrappingLabel);
    const text = ownLabel === null || ownLabel === undefined ? undefined : labelTexts[ownLabel];
    const cleaned = text === undefined ? '' : cleanText(text);
    return cleaned === '' ? null : cleaned;
  };

  const fields = new Map<string, FormField>();
  for (const control of controls) {
    const existing = fields.get(control.name);
    if (existing) {
      existing.required ||= control.required;
      if (existing.options && (control.type === 'radio' || control.type === 'checkbox')) {
        for (const option of control.options) if (!existing.options.includes(option)) existing.options.push(option);
      }
      existing.label ??= labelOf(control);
      continue;
    }
    const field: FormField = { name: control.name, type: control.type, required: control.required, label: labelOf(control) };
    if (control.type === 'select' || control.type === 'radio' || control.type === 'checkbox') field.options = [...new Set(control.options)];
    fields.set(control.name, field);
  }
  return [...fields.values()];
}

export type SubmissionCheck = { ok: true } | { ok: false; message: string; field?: string };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER_SHAPE = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Whether a kiosk's values fit the form's fields. Options of selects, radios and checkboxes are not enforced: a
 * template may fill them by script, and the values are stored as sent for a person to read.
 */
export function checkSubmission(fields: readonly FormField[], values: Record<string, unknown>): SubmissionCheck {
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    if (!field) return { ok: false, message: `This form has no field named ${name}`, field: name };
    const title = field.label ?? field.name;
    if (typeof value !== 'string') return { ok: false, message: `${title} must be text`, field: name };
    if (value.length > SUBMISSION_LIMITS.maxValueLength) {
      return { ok: false, message: `${title} is too long (at most ${SUBMISSION_LIMITS.maxValueLength} characters)`, field: name };
    }
  }
  for (const field of fields) {
    const title = field.label ?? field.name;
    const raw = values[field.name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') {
      if (field.required) return { ok: false, message: `Please fill in ${title}`, field: field.name };
      continue;
    }
    if (field.type === 'email' && !EMAIL_SHAPE.test(value)) return { ok: false, message: `Please enter a valid e-mail address in ${title}`, field: field.name };
    if (field.type === 'number' && !(NUMBER_SHAPE.test(value) && Number.isFinite(Number(value)))) {
      return { ok: false, message: `Please enter a number in ${title}`, field: field.name };
    }
  }
  return { ok: true };
}
