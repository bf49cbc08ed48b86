import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApexChartProps } from './apexChartProps.ts';
import { requestTurn } from './chartTurns.ts';

type Impl = (props: ApexChartProps) => React.ReactNode;

// apexcharts (~200 kB gzip) is its own chunk, fetched when a dashboard opens (loadCharts), never with the
// dashboard's own chunk. It is not a React.lazy under Suspense: a Suspense boundary that showed its fallback holds
// the resolved charts back until 300 ms after the fallback appeared (React's reveal throttling), which on a page
// just loaded was most of the dashboard's opening time. The charts wait here instead, each in its placeholder, and
// are drawn in the commit after the chunk arrives.
let impl: Impl | null = null;
let failure: unknown = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts fetching the chart chunk (once): a screen with charts calls it as it opens, while its data is read. */
export function loadCharts(): Promise<void> {
  if (loading !== null) return loading;
  failure = null;
  loading = import('./apexChartImpl.tsx').then(
    (module) => {
      impl = module.default;
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      // As React.lazy would: the nearest error boundary shows it, and a later mount tries again.
      failure = error;
      loading = null;
      listeners.forEach((listener) => listener());
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadCharts();
  return () => void listeners.delete(listener);
}

/**
 * The chart code once here. React state, not useSyncExternalStore: the chunk often arrives while the dashboard renders
 * in the background, and a store that changes under a background render makes React render all of it again at once.
 */
function useChartImpl(): Impl | null {
  const [loaded, setLoaded] = useState<unknown>(() => impl ?? failure);
  useEffect(() => {
    const update = () => setLoaded(() => impl ?? failure);
    update();
    return subscribe(update);
  }, []);
  if (loaded !== null && loaded === failure) throw loaded;
  return loaded as Impl | null;
}

type Props = ApexChartProps & { label: string };

/**
 * One drawn chart. Its SVG is a picture (role img) named by `label` in the reader's language — apexcharts' own
 * keyboard navigation and live announcements are off, since the card's table and lists carry the figures; its box
 * keeps its height while the library loads, so nothing below it jumps. apexcharts redraws to a new width a moment
 * after the window narrows (a phone turned, a window resized); until then the box clips the old drawing instead of
 * making the page scroll sideways.
 */
export function ApexChart({ label, height, options, ...chart }: Props) {
  const ChartImpl = useChartImpl();
  // One chart drawn per task (chartTurns.ts): the turn passes on once this chart's mount effects have drawn it. While
  // the router loads the next screen (the menu's Inbox clicked as the dashboard opened), the chart waits: drawn then,
  // it would be thrown away with this screen.
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  const [turn, setTurn] = useState(false);
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (ChartImpl === null) return;
    const ask = () => (release.current = requestTurn(() => setTurn(true)));
    let stop = () => {};
    if (router?.state.status === 'pending') {
      stop = router.subscribe('onResolved', () => {
        stop();
        ask();
      });
    } else ask();
    return () => {
      stop();
      release.current?.();
    };
  }, [ChartImpl, router]);
  useEffect(() => {
    if (turn) release.current?.();
  }, [turn]);
  const named = useMemo(
    () => ({ ...options, chart: { ...options.chart, accessibility: { enabled: true, description: label, keyboard: { enabled: false }, announcements: { enabled: false } } } }),
    [options, label],
  );
  return (
    <div className="w-full min-w-0 overflow-hidden" style={{ minHeight: height }} data-chart={chart.type}>
      {ChartImpl === null || !turn ? (
        <div className="w-full animate-pulse rounded-lg bg-slate-100" style={{ height }} data-chart-loading="" />
      ) : (
        <ChartImpl height={height} options={named} {...chart} />
      )}
    </div>
  );
}
