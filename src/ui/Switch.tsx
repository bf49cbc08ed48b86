import { Switch as HeadlessSwitch } from '@headlessui/react';

type Props = { checked: boolean; onChange: (checked: boolean) => void; label: string; disabled?: boolean };

/** An on/off switch (role="switch", Space toggles it) named for screen readers by `label`. */
export function Switch({ checked, onChange, label, disabled = false }: Props) {
  return (
    <HeadlessSwitch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus data-checked:bg-green-800 data-disabled:opacity-55"
    >
      <span aria-hidden="true" className="inline-block h-4 w-4 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6" />
    </HeadlessSwitch>
  );
}
