import { useEffect, useState } from 'react';
import type { Menu, MenuProps } from './Menu.tsx';
import { menuButtonClass } from './menuButtonClass.ts';

type MenuComponent = typeof Menu;

let loaded: MenuComponent | null = null;
const loadMenu = (): Promise<MenuComponent> =>
  import('./Menu.tsx').then((m) => {
    loaded = m.Menu;
    return m.Menu;
  });

/**
 * The Menu for pages that must stay light (the sign-in page): until the menu's code (Headless UI and Floating UI,
 * about a fifth of that page's budget) is wanted, a button that looks the same stands in. Pointing at it or focusing
 * it fetches the code; pressing it puts the real menu in its place, opened. The stand-in is replaced only when
 * pressed: swapping it under a pointer between press and release would lose the click. `eager` brings the real
 * menu at once, for pages that carry Headless UI anyway.
 */
export function DeferredMenu({ eager = false, ...props }: MenuProps & { eager?: boolean }) {
  const [RealMenu, setRealMenu] = useState<MenuComponent | null>(() => loaded);
  const [pressed, setPressed] = useState(false);

  const wanted = RealMenu === null && (eager || pressed);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadMenu().then(
      (menu) => {
        if (current) setRealMenu(() => menu);
      },
      // Offline before the menu was ever fetched: the stand-in stays, and the next press tries again.
      () => setPressed(false),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  if (RealMenu !== null) return <RealMenu {...props} openOnMount={pressed} />;
  const prefetch = () => void loadMenu().catch(() => undefined);
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={menuButtonClass(props.buttonClassName)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setPressed(true)}
    >
      <span className="sr-only">{props.label}</span>
      {props.trigger}
    </button>
  );
}
