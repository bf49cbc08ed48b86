import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children from the render after its first: the first commits `fallback`, and React then renders the children
 * in the background, in slices of a few milliseconds. For a whole screen mounting in the task of a click or of a
 * router update (the router's state is an external store, whose renders are never sliced): on a cold device that
 * one task held the page 50-90 ms. Once shown, the children render as any others.
 */
export function RenderSoon({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
