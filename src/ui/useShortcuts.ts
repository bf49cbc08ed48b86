import { useEffect, useRef } from 'react';

const TEXT_INPUT_TYPES_THAT_ARE_NOT_TYPING = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether a key pressed here is text being typed (a field, an editable area), not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !TEXT_INPUT_TYPES_THAT_ARE_NOT_TYPING.has(target.type);
}

/** Whether something that owns the keyboard is open: a dialog, a menu or a list box take their own keys. */
const keyboardIsTaken = () => document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]') !== null;

/** A shortcut's handler answers false when the key is not its business here, so the browser keeps it. */
export type ShortcutHandler = (event: KeyboardEvent) => boolean | void;

/**
 * Single-key shortcuts (like Gmail's and Linear's): active while `enabled`, never while the user types in a field,
 * holds a modifier (Ctrl, Cmd, Alt: those belong to the browser) or works in a dialog or menu.
 */
export function useShortcuts(handlers: Record<string, ShortcutHandler>, enabled = true): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target) || keyboardIsTaken()) return;
      const handler = latest.current[event.key];
      if (handler !== undefined && handler(event) !== false) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
