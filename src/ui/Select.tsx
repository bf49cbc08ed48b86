import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Icon } from './Icon.tsx';

export type SelectOption<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  hideLabel?: boolean;
};

/** A single-choice list box with a visible (or screen-reader-only) label. */
export function Select<V extends string>({ label, value, options, onChange, hideLabel = false }: Props<V>) {
  const current = options.find((option) => option.value === value);
  return (
    <Field className="flex flex-col gap-1.5">
      <Label className={hideLabel ? 'sr-only' : 'text-sm font-semibold text-slate-800'}>{label}</Label>
      <Listbox value={value} onChange={onChange}>
        <ListboxButton className="flex items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-focus">
          <span>{current?.label ?? ''}</span>
          <Icon name="chevronDown" className="h-4 w-4 text-slate-600" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className="z-40 mt-1 min-w-(--button-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 data-focus:bg-slate-100 data-selected:font-semibold"
            >
              {option.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
