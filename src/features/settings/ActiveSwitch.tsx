import { useId } from 'react';

type Props = { checked: boolean; onChange: (checked: boolean) => void; label: string };

/**
 * An on/off switch: a real checkbox with the switch role, laid transparent over the drawn track, so Space, a click,
 * a tap and assistive technology all reach the same control; the label names it and the state is read out.
 */
export function ActiveSwitch({ checked, onChange, label }: Props) {
  const id = useId();
  return (
    <span className="flex items-center gap-2 py-2">
      <span className="relative inline-flex h-6 w-11 shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer opacity-0"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden="true"
          className={`inline-flex h-6 w-11 items-center rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${checked ? 'bg-brand' : 'bg-slate-500'}`}
        >
          <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </span>
      </span>
      <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-800">
        {label}
      </label>
    </span>
  );
}
