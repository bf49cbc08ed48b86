import { useEffect } from 'react';

/** The shell's scrolling main area (ShellLayout). */
const SCROLLER_ID = 'main-content';

/**
 * Part 1 §2/§3: the apps list keeps its scroll position for the session (sessionStorage). Restored once the list
 * has rendered its cards (`ready`), saved as the user scrolls.
 */
export function useSessionScroll(storageKey: string, ready: boolean): void {
  useEffect(() => {
    const scroller = document.getElementById(SCROLLER_ID);
    if (!ready || scroller === null) return;
    const saved = Number(sessionStorage.getItem(storageKey));
    // In the next frame: the router puts a newly shown screen at the top once it has rendered (router.tsx).
    const restore = Number.isFinite(saved) && saved > 0 ? requestAnimationFrame(() => (scroller.scrollTop = saved)) : 0;
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => sessionStorage.setItem(storageKey, String(Math.round(scroller.scrollTop))));
    };
    scroller.addEventListener('scroll', save, { passive: true });
    return () => {
      cancelAnimationFrame(restore);
      cancelAnimationFrame(frame);
      scroller.removeEventListener('scroll', save);
    };
  }, [storageKey, ready]);
}
