import { MenuButton, MenuItem, MenuItems, Menu as HeadlessMenu } from '@headlessui/react';
import type { ReactNode } from 'react';

export type MenuAction = { key: string; label: string; onSelect: () => void; current?: boolean; danger?: boolean };

type Props = {
  /** The trigger's content; `label` names it for screen readers when the content is only an icon. */
  trigger: ReactNode;
  label: string;
  items: readonly MenuAction[];
  buttonClassName?: string;
};

/** A drop-down of actions, operated with arrows, Enter and Escape. */
export function Menu({ trigger, label, items, buttonClassName = '' }: Props) {
  return (
    <HeadlessMenu>
      <MenuButton
        className={`relative inline-flex items-center gap-1 rounded-lg px-2 py-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus ${buttonClassName}`}
      >
        {/* The label is read before the visible trigger, so the accessible name contains what is seen. */}
        <span className="sr-only">{label}</span>
        {trigger}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.key}>
            <button
              type="button"
              onClick={item.onSelect}
              aria-current={item.current === true ? 'true' : undefined}
              className={`block w-full rounded-md px-3 py-2 text-left text-sm data-focus:bg-slate-100 ${item.danger === true ? 'text-red-700' : 'text-slate-800'} ${item.current === true ? 'font-semibold' : ''}`}
            >
              {item.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </HeadlessMenu>
  );
}
