import { useEffect, useState } from 'react';

/** Whether CTRL is held: administrators reveal a ticket's cancel button with CTRL and hover (part 2 §2). */
export function useCtrlKey(enabled: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => setHeld(event.ctrlKey);
    const onMouse = (event: MouseEvent) => setHeld(event.ctrlKey);
    const onBlur = () => setHeld(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('mousemove', onMouse);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('mousemove', onMouse);
      window.removeEventListener('blur', onBlur);
    };
  }, [enabled]);
  return enabled && held;
}
