import type { MenuProps } from './Menu.tsx';
import { menuButtonClass } from './menuButtonClass.ts';
import { useDeferredWidget, widgetLoader } from './useDeferredWidget.ts';

const menuLoader = widgetLoader<MenuProps & { openOnMount?: boolean }>(() => import('./Menu.tsx').then((m) => m.Menu));

/**
 * The Menu for pages that must stay light (the sign-in page, the inbox's rows): until the menu's code (Headless UI
 * and Floating UI) is wanted, a button that looks and reads the same stands in (useDeferredWidget).
 */
export function DeferredMenu(props: MenuProps) {
  const { Widget: RealMenu, openOnMount, standIn } = useDeferredWidget(menuLoader);
  if (RealMenu !== null) return <RealMenu {...props} openOnMount={openOnMount} />;
  return (
    <button type="button" aria-haspopup="menu" aria-expanded={false} className={menuButtonClass(props.buttonClassName)} {...standIn}>
      <span className="sr-only">{props.label}</span>
      {props.trigger}
    </button>
  );
}
