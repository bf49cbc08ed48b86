import { useEffect, useState, type ComponentType, type KeyboardEvent } from 'react';

/** A widget's code, fetched once on first use and then kept for every later instance of the widget. */
export type WidgetLoader<P> = { load: () => Promise<ComponentType<P>>; loaded: () => ComponentType<P> | null };

/** The loader of a widget whose module is `importer`'s dynamic import (its own chunk). */
export function widgetLoader<P>(importer: () => Promise<ComponentType<P>>): WidgetLoader<P> {
  let component: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () => {
    pending ??= importer().then(
      (loaded) => {
        component = loaded;
        return loaded;
      },
      (error: unknown) => {
        // Offline before the chunk was ever fetched: the next press asks again.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return { load, loaded: () => component };
}

/** What the stand-in button spreads: hovering or focusing it fetches the code; pressing it asks for the widget. */
export type StandInHandlers = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

export type DeferredWidget<P> = {
  /** The real widget, once its code is here and it has been wanted; null while the stand-in shows. */
  Widget: ComponentType<P> | null;
  /** The stand-in was pressed: the real widget opens as it appears. */
  openOnMount: boolean;
  standIn: StandInHandlers;
};

// The keys that open a menu or a listbox from its button besides Enter and Space (which click).
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

/**
 * A widget used only on interaction (a menu, a listbox) whose code stays out of the page's first load: until it is
 * pressed, a plain button that looks and reads the same stands in. Pressing it (pointer or keyboard) loads the code
 * and puts the real widget in its place, opened; from then on the real widget stays. The stand-in is replaced only
 * when pressed, not on hover: swapping it under a pointer between press and release would lose the click. Once the
 * code has come for one instance, instances mounted later are the real widget from the start.
 */
export function useDeferredWidget<P>(loader: WidgetLoader<P>): DeferredWidget<P> {
  const [Widget, setWidget] = useState<ComponentType<P> | null>(() => loader.loaded());
  const [pressed, setPressed] = useState(false);

  const wanted = Widget === null && pressed;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loader.load().then(
      (component) => {
        if (current) setWidget(() => component);
      },
      // The stand-in stays, and the next press tries again.
      () => {
        if (current) setPressed(false);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loader]);

  const prefetch = () => void loader.load().catch(() => undefined);
  const press = () => setPressed(true);
  return {
    Widget,
    openOnMount: pressed,
    standIn: {
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: press,
      onKeyDown: (event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        press();
      },
    },
  };
}
