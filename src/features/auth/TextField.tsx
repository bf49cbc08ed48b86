import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  trailing?: ReactNode;
};

/** A labelled input whose error and hint are tied to it for screen readers. */
export function TextField({ label, error, hint, trailing, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error !== undefined ? `${id}-error` : '', hint !== undefined ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          {...input}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus-visible:outline-2 focus-visible:outline-focus disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-700"
        />
        {trailing}
      </div>
      {hint !== undefined && (
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
