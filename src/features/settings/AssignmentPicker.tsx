import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepSelected, moveItems, pickerLists } from '../../domain/settings/engineRules.ts';
import { Icon } from '../../ui/Icon.tsx';

export type PickerItem = { id: string; name: string; role: string; email: string };

type Props = { items: readonly PickerItem[]; assigned: readonly string[]; onChange: (assigned: string[]) => void };

const MOVE =
  'flex items-center justify-center rounded-lg border border-slate-300 bg-white p-2 text-brand hover:border-brand disabled:opacity-40 disabled:hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-focus';

/**
 * Part 1 §2 assignment picker: available users on the left, authorised ones on the right, and buttons that move the
 * selected ones across. Each list is a multi-select listbox: arrows move, Space or Enter selects, a click selects,
 * a double click moves at once. The highlighted user's tooltip gives id, role and e-mail. After a move the focus
 * goes to the list the users went to, so they can be checked there.
 */
export function AssignmentPicker({ items, assigned, onChange }: Props) {
  const { t } = useTranslation();
  const lists = pickerLists(items, assigned);
  const [selected, setSelected] = useState<{ available: string[]; assigned: string[] }>({ available: [], assigned: [] });
  const refs = { available: useRef<HTMLUListElement>(null), assigned: useRef<HTMLUListElement>(null) };
  const hint = useId();
  const left = keepSelected(selected.available, lists.available);
  const right = keepSelected(selected.assigned, lists.assigned);

  // The list the users went to takes the focus once it has rendered them (an empty list is not a listbox yet).
  const [focusTo, setFocusTo] = useState<'assigned' | 'available' | null>(null);
  useEffect(() => {
    if (focusTo === null) return;
    (focusTo === 'assigned' ? refs.assigned : refs.available).current?.focus();
    setFocusTo(null);
  }, [focusTo, refs.assigned, refs.available]);

  function move(to: 'assigned' | 'available', ids: readonly string[]) {
    if (ids.length === 0) return;
    onChange(moveItems(assigned, ids, to));
    setSelected((s) => ({ ...s, [to === 'assigned' ? 'available' : 'assigned']: [] }));
    setFocusTo(to);
  }

  return (
    <div className="flex flex-col gap-2">
      <p id={hint} className="text-xs text-slate-600">
        {t('engines.picker.hint')}
      </p>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_1fr]" data-testid="assignment-picker">
        <PickerList
          listRef={refs.available}
          label={t('engines.picker.available')}
          items={lists.available}
          selected={left}
          onSelect={(ids) => setSelected((s) => ({ ...s, available: ids }))}
          onMove={(id) => move('assigned', [id])}
          hintId={hint}
        />
        <div className="flex items-center justify-center gap-2 sm:flex-col">
          <button type="button" className={MOVE} disabled={left.length === 0} onClick={() => move('assigned', left)} aria-label={t('engines.picker.moveRight')} title={t('engines.picker.moveRight')}>
            <Icon name="chevronRight" className="h-5 w-5 rotate-90 sm:rotate-0" />
          </button>
          <button type="button" className={MOVE} disabled={right.length === 0} onClick={() => move('available', right)} aria-label={t('engines.picker.moveLeft')} title={t('engines.picker.moveLeft')}>
            <Icon name="chevronLeft" className="h-5 w-5 rotate-90 sm:rotate-0" />
          </button>
        </div>
        <PickerList
          listRef={refs.assigned}
          label={t('engines.picker.assigned')}
          items={lists.assigned}
          selected={right}
          onSelect={(ids) => setSelected((s) => ({ ...s, assigned: ids }))}
          onMove={(id) => move('available', [id])}
          hintId={hint}
        />
      </div>
    </div>
  );
}

type ListProps = {
  listRef: React.RefObject<HTMLUListElement | null>;
  label: string;
  items: readonly PickerItem[];
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
  onMove: (id: string) => void;
  hintId: string;
};

function PickerList({ listRef, label, items, selected, onSelect, onMove, hintId }: ListProps) {
  const { t } = useTranslation();
  const id = useId();
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const current = Math.min(active, Math.max(0, items.length - 1));
  const optionId = (index: number) => `${id}-option-${index}`;
  // The highlighted option stays in view as the arrows walk a list longer than its box.
  useEffect(() => {
    if (focused) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });
  const toggle = (itemId: string) => onSelect(selected.includes(itemId) ? selected.filter((s) => s !== itemId) : [...selected, itemId]);

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const last = items.length - 1;
    const go = (index: number) => {
      event.preventDefault();
      setActive(Math.max(0, Math.min(last, index)));
    };
    if (event.key === 'ArrowDown') go(current + 1);
    else if (event.key === 'ArrowUp') go(current - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(last);
    else if ((event.key === ' ' || event.key === 'Enter') && items[current]) {
      event.preventDefault();
      toggle(items[current].id);
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span id={`${id}-label`} className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-800">
        {label}
        <span className="text-xs font-normal text-slate-600">{selected.length > 0 ? t('engines.picker.selected', { count: selected.length }) : ''}</span>
      </span>
      {items.length === 0 ? (
        <p className="h-48 rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-600">
          {t('engines.picker.empty')}
        </p>
      ) : (
        <ul
          ref={listRef}
          role="listbox"
          aria-multiselectable="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={hintId}
          aria-activedescendant={items.length > 0 && focused ? optionId(current) : undefined}
          tabIndex={0}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="h-48 overflow-y-auto rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-focus"
        >
          {items.map((item, index) => {
            const isSelected = selected.includes(item.id);
            const showTip = hovered === item.id || (focused && index === current);
            return (
              <li
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                aria-describedby={showTip ? `${optionId(index)}-tip` : undefined}
                data-user-id={item.id}
                onClick={() => {
                  setActive(index);
                  toggle(item.id);
                }}
                onDoubleClick={() => onMove(item.id)}
                onMouseEnter={() => setHovered(item.id)}
                onMouseLeave={() => setHovered(null)}
                className={`relative cursor-pointer rounded px-2 py-1 text-sm ${isSelected ? 'bg-brand text-white' : 'text-slate-900 hover:bg-slate-100'} ${focused && index === current ? 'ring-2 ring-focus ring-inset' : ''}`}
              >
                <span className="block truncate">{item.name}</span>
                {showTip && (
                  <span id={`${optionId(index)}-tip`} role="tooltip" className="mt-0.5 block rounded bg-slate-800 px-2 py-1 text-xs break-all text-white">
                    {t('engines.picker.tooltip', { id: item.id, role: item.role, email: item.email })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
