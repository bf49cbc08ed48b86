import { useEffect, useId, useRef, useState } from 'react';

type Props<V> = {
  label: string;
  value: V;
  parse: (text: string) => V;
  format: (value: V) => string;
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  code?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'text';
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A field whose text is parsed into a setting (hours into seconds, header lines into an object, JSON bodies): the
 * text typed is kept while it means the stored value ("0." while typing 0.5), and replaced when the value changes
 * from elsewhere (undo). In a code field, Tab indents instead of leaving the field.
 */
export function ParsedField<V>({ label, value, parse, format, onChange, error, hint, placeholder, multiline = false, code = false, inputMode }: Props<V>) {
  const id = useId();
  const [text, setText] = useState(() => format(value));
  const typed = useRef(text);
  useEffect(() => {
    if (!same(parse(typed.current), value)) {
      typed.current = format(value);
      setText(typed.current);
    }
  }, [value, parse, format]);
  const update = (next: string) => {
    typed.current = next;
    setText(next);
    onChange(parse(next));
  };
  const className = `rounded-lg border bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus ${error === undefined ? 'border-slate-300' : 'border-red-700'} ${code ? 'font-mono' : ''}`;
  const common = {
    id,
    value: text,
    placeholder,
    className,
    'aria-invalid': error !== undefined,
    'aria-describedby': error === undefined ? (hint === undefined ? undefined : `${id}-hint`) : `${id}-error`,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          rows={code ? 8 : 4}
          spellCheck={!code}
          onChange={(e) => update(e.target.value)}
          onKeyDown={(e) => {
            if (!code || e.key !== 'Tab' || e.shiftKey) return;
            e.preventDefault();
            const el = e.currentTarget;
            const at = el.selectionStart;
            update(`${el.value.slice(0, at)}  ${el.value.slice(el.selectionEnd)}`);
            requestAnimationFrame(() => el.setSelectionRange(at + 2, at + 2));
          }}
        />
      ) : (
        <input {...common} type="text" inputMode={inputMode} onChange={(e) => update(e.target.value)} />
      )}
      {hint !== undefined && error === undefined && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

// ---- parsers shared by the stage forms ---------------------------------------------------------------------

const numberOrText = (text: string, scale: number): unknown => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? Math.round(n * scale) : trimmed;
};

/** A whole number of base units typed in larger ones (hours → seconds); what is not a number stays text (and is flagged). */
export const scaledNumber = (scale: number) => ({
  parse: (text: string) => numberOrText(text, scale),
  format: (value: unknown) => (typeof value === 'number' ? String(value / scale) : typeof value === 'string' ? value : ''),
});

export const plainText = {
  parse: (text: string): unknown => text,
  format: (value: unknown) => (typeof value === 'string' ? value : ''),
};

/** HTTP headers as "Name: value" lines; a line without a colon keeps an empty name, which the rules flag. */
export const headerLines = {
  parse: (text: string): unknown => {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) return undefined;
    return Object.fromEntries(
      lines.map((line) => {
        const at = line.indexOf(':');
        return at < 0 ? ['', line.trim()] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
    );
  },
  format: (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
          .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join('\n')
      : '',
};

/** A request body: JSON when it parses as JSON, otherwise the text itself; empty means none. */
export const jsonOrText = {
  parse: (text: string): unknown => {
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  },
  format: (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
};
