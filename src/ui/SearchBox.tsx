import { useEffect, useId, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../domain/ui/uiConstants.ts';
import { Icon } from './Icon.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

type Props = {
  label: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  /** Part 1 §9: 700 ms; the cases history uses 3000 ms (part 2 §5). */
  debounceMs?: number;
  /**
   * The search as the screen holds it (in its URL, say): when it changes from outside — Back, Clear, a shared
   * link — the box shows it. What the user is typing is kept until it settles.
   */
  value?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Enter reports the text at once (a long debounce should not make a user who knows what they typed wait). */
  searchOnEnter?: boolean;
  /** Ids of texts that describe the field. */
  describedBy?: string;
};

/** A search field that reports its text once typing pauses; the clear button reports at once. */
export function SearchBox({ label, onSearch, placeholder, debounceMs = SEARCH_DEBOUNCE_MS, value, inputRef, searchOnEnter = false, describedBy }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const settled = useDebouncedValue(text, debounceMs);
  const reported = useRef(settled.trim());

  useEffect(() => {
    if (reported.current === settled.trim()) return;
    reported.current = settled.trim();
    onSearch(settled.trim());
  }, [settled, onSearch]);

  useEffect(() => {
    if (value === undefined || value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  function clear() {
    setText('');
    reported.current = '';
    onSearch('');
  }

  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 focus-within:outline-2 focus-within:outline-focus">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Icon name="search" className="h-4 w-4 text-slate-600" />
      <input
        id={id}
        ref={inputRef}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (!searchOnEnter || event.key !== 'Enter' || reported.current === text.trim()) return;
          reported.current = text.trim();
          onSearch(text.trim());
        }}
        aria-describedby={describedBy}
        className="min-w-0 flex-1 bg-transparent py-2 text-sm outline-none"
      />
      {text !== '' && (
        <button type="button" onClick={clear} aria-label={t('table.clearSearch')} className="rounded p-1 text-slate-600 hover:bg-slate-100">
          <Icon name="close" className="h-4 w-4" />
        </button>
      )}
    </div>
  );
}
