import { useId } from 'react';
import type { ReactNode } from 'react';

/** A value nobody edits here, shown as text with its label, not as a disabled input that looks fillable. */
export function ReadOnlyField({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1" role="group" aria-labelledby={id}>
      <span id={id} className="text-sm font-semibold text-slate-800">
        {label}
      </span>
      <span className="py-2 text-sm text-slate-900">{children}</span>
    </div>
  );
}
