import { useId } from 'react';

type Props = {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  multiline?: boolean;
  maxLength?: number;
  type?: 'text' | 'email' | 'datetime-local';
  /** The id of a datalist of suggestions. */
  list?: string;
  placeholder?: string;
  /** The field a dialog focuses when it opens. */
  autoFocus?: boolean;
};

/** A labelled form field (note and ticket dialogs) with its validation message tied to it for screen readers. */
export function NoteField({ label, value, onChange, error, hint, multiline = false, maxLength, type = 'text', list, placeholder, autoFocus = false }: Props) {
  const id = useId();
  const describedBy = error === undefined ? undefined : `${id}-error`;
  const className = `rounded-lg border px-3 py-2 text-sm ${error === undefined ? 'border-slate-300' : 'border-red-700'} bg-white focus-visible:outline-2 focus-visible:outline-focus`;
  const common = {
    id,
    value,
    maxLength,
    placeholder,
    className,
    'aria-invalid': error !== undefined,
    'aria-describedby': describedBy,
    'data-autofocus': autoFocus ? true : undefined,
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
        {hint !== undefined && <span className="text-xs text-slate-600">{hint}</span>}
      </div>
      {multiline ? (
        <textarea rows={4} {...common} onChange={(event) => onChange?.(event.target.value)} />
      ) : (
        <input type={type} list={list} {...common} onChange={(event) => onChange?.(event.target.value)} />
      )}
      {error !== undefined && (
        <p id={describedBy} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
