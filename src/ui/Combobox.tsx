import {
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Combobox as HeadlessCombobox,
  Label,
} from '@headlessui/react';
import { useState } from 'react';

export type ComboboxItem = { id: string; label: string };

type Props = {
  label: string;
  items: readonly ComboboxItem[];
  value: ComboboxItem | null;
  onChange: (item: ComboboxItem | null) => void;
  placeholder?: string;
};

/** A searchable single choice: typing filters the items case-insensitively by their label. */
export function Combobox({ label, items, value, onChange, placeholder }: Props) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? items : items.filter((item) => item.label.toLowerCase().includes(needle));
  return (
    <Field className="flex flex-col gap-1.5">
      <Label className="text-sm font-semibold text-slate-800">{label}</Label>
      <HeadlessCombobox value={value} onChange={onChange} onClose={() => setQuery('')}>
        <ComboboxInput
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-focus"
          displayValue={(item: ComboboxItem | null) => item?.label ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={placeholder}
        />
        <ComboboxOptions anchor="bottom start" className="z-40 mt-1 w-(--input-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg empty:invisible">
          {shown.map((item) => (
            <ComboboxOption key={item.id} value={item} className="cursor-pointer rounded-md px-3 py-2 text-sm data-focus:bg-slate-100">
              {item.label}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </HeadlessCombobox>
    </Field>
  );
}
