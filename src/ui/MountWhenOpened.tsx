import { Component, createElement, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A lazily loaded dialog's code could not be fetched (offline before the service worker kept its chunk). */
class DialogLoadError extends Error {}

/**
 * A dialog component whose code is its own chunk, fetched when it first renders (React.lazy). A failed fetch is
 * not kept: the next opening asks again, where a bare React.lazy would fail for the rest of the page's life.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const attempt = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          current = attempt();
          throw new DialogLoadError('a dialog could not be loaded', { cause: error });
        },
      ),
    );
  let current = attempt();
  return function LazyDialog(props: P) {
    return createElement(current, props);
  };
}

type BoundaryProps = { onFailed: () => void; children: ReactNode };

/** Catches only a dialog whose code did not come; any other error goes on to the screen's own boundary. */
class LoadFailure extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    if (error instanceof DialogLoadError) this.props.onFailed();
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    if (this.state.error instanceof DialogLoadError) return null;
    throw this.state.error;
  }
}

type Props = {
  open: boolean;
  /** Called too when the dialog's code cannot be fetched, so the screen does not wait on a dialog that never shows. */
  onClose: () => void;
  children: ReactNode;
};

/**
 * For a dialog made with lazyDialog: nothing is mounted, and so nothing fetched, until it is first opened; from
 * then on it stays mounted, so closing it runs as for a dialog that was always there (its transition, focus back
 * to what opened it). While its code is on the way nothing shows, as before it opens.
 */
export function MountWhenOpened({ open, onClose, children }: Props) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra empty commit.
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  const failed = () => {
    setOpened(false);
    onClose();
  };
  return (
    <LoadFailure onFailed={failed}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailure>
  );
}
