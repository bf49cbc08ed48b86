import { useId } from 'react';

export type SelectFieldOption = { value: string; label: string };

type Props = {
  label: string;
  value: string;
  options: readonly SelectFieldOption[];
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * A labelled native select (the ticket form's pickers): it sits in the form's keyboard order like the text
 * fields, and its validation message is tied to it for screen readers.
 */
export function SelectField({ label, value, options, onChange, error, disabled = false }: Props) {
  const id = useId();
  const describedBy = error === undefined ? undefined : `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        className={`min-w-0 rounded-lg border bg-white px-3 py-2 text-sm ${error === undefined ? 'border-slate-300' : 'border-red-700'} focus-visible:outline-2 focus-visible:outline-focus disabled:bg-slate-50`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error !== undefined && (
        <p id={describedBy} className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
