/**
 * Charts are drawn one per task. apexcharts draws a chart in its mount effect (tens of milliseconds each on a slow
 * phone), so the dashboard's charts drawn in one commit made a single task of 250-400 ms, and the page could not
 * answer a click meanwhile. A chart waits for its turn in a placeholder; its turn passes on after its commit, in a
 * later task. The first turn, too, comes in a task of its own.
 */
type Entry = { onTurn: () => void; state: 'waiting' | 'held' | 'done' };

const queue: Entry[] = [];
let holder: Entry | null = null;

function pump(): void {
  if (holder !== null) return;
  const entry = queue.shift();
  if (entry === undefined) return;
  holder = entry;
  entry.state = 'held';
  entry.onTurn();
}

/**
 * Asks for a turn: `onTurn` is called when it comes. Answers the release, to call once the chart is drawn or when it
 * goes away (waiting or not); it may be called again.
 */
export function requestTurn(onTurn: () => void): () => void {
  const entry: Entry = { onTurn, state: 'waiting' };
  queue.push(entry);
  // Never in the asking task either: that is the commit of the screen the chart is on, laid out by the first drawing.
  setTimeout(pump, 0);
  return () => {
    if (entry.state === 'waiting') queue.splice(queue.indexOf(entry), 1);
    if (entry.state === 'held') {
      holder = null;
      setTimeout(pump, 0);
    }
    entry.state = 'done';
  };
}
