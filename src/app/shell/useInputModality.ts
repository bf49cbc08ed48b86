import { useEffect } from 'react';

/**
 * Marks the page with how the user last acted (`data-input="keyboard"` or `"pointer"` on <html>). Focus that the
 * console moves by script (to a ticket's heading, to the main content) is drawn only for keyboard users:
 * Chrome's :focus-visible does not match there, since the element that had focus before was removed.
 */
export function useInputModality(): void {
  useEffect(() => {
    const root = document.documentElement;
    const keyboard = (event: KeyboardEvent) => {
      if (!event.ctrlKey && !event.metaKey && !event.altKey) root.dataset.input = 'keyboard';
    };
    const pointer = () => {
      root.dataset.input = 'pointer';
    };
    window.addEventListener('keydown', keyboard, true);
    window.addEventListener('pointerdown', pointer, true);
    return () => {
      window.removeEventListener('keydown', keyboard, true);
      window.removeEventListener('pointerdown', pointer, true);
    };
  }, []);
}
