/// <reference lib="webworker" />
/**
 * Forwards the kiosk's queued submissions to the public endpoint, one at a time, oldest first: when it starts,
 * when the browser goes online, when the page says a new one is queued, and on a timer that backs off while the
 * server cannot take them. An accepted one (201, or 200 for a repeat) leaves the queue; one the server refuses for
 * good stays, marked failed, for staff to see; anything else is tried again later with the same submission id, so
 * a repeat never makes a second case. After every change it tells the page, which recounts from IndexedDB.
 */
import { allSubmissions, deleteSubmission, kioskId, openKioskDb, putSubmission } from './kioskStore.ts';
import { postSubmission } from './publicApi.ts';
import { afterAttempt, entriesToSend, retryDelay } from './queue.ts';
import { FLUSH_MESSAGE, QUEUE_CHANGED_MESSAGE } from './workerMessages.ts';

declare const self: DedicatedWorkerGlobalScope;

const ready = openKioskDb().then(async (db) => ({ db, kioskId: await kioskId(db, () => crypto.randomUUID()) }));

let running = false;
let runAgain = false;
let failuresInARow = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what waits until the queue is empty, or the server cannot take more for now (then it waits and retries). */
async function sendWaiting(): Promise<void> {
  const { db, kioskId: id } = await ready;
  for (const entry of entriesToSend(await allSubmissions(db))) {
    const status = await postSubmission(entry, id);
    const next = afterAttempt(entry, status);
    if (next === null) await deleteSubmission(db, entry.submissionId);
    else await putSubmission(db, next);
    self.postMessage({ type: QUEUE_CHANGED_MESSAGE });
    if (next?.status === 'waiting') {
      failuresInARow += 1;
      timer = setTimeout(() => void flush(), retryDelay(failuresInARow));
      return;
    }
    failuresInARow = 0;
  }
}

async function flush(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (running) {
    runAgain = true;
    return;
  }
  running = true;
  try {
    do {
      runAgain = false;
      await sendWaiting();
    } while (runAgain);
  } catch {
    // IndexedDB itself failed (storage evicted, quota): try again later rather than die.
    timer = setTimeout(() => void flush(), retryDelay(++failuresInARow));
  } finally {
    running = false;
  }
}

self.addEventListener('message', (event: MessageEvent<{ type?: unknown }>) => {
  if (event.data?.type === FLUSH_MESSAGE) void flush();
});
self.addEventListener('online', () => void flush());
void flush();
