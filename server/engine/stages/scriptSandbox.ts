import { Worker } from 'node:worker_threads';
import { isPlainObject, type Values } from '../instanceModel.ts';

/**
 * Runs a script stage in QuickJS (WebAssembly) inside a worker thread: no host objects, no I/O, a memory ceiling
 * and a deadline checked by QuickJS's interrupt handler. QuickJS checks that deadline only between bytecodes, so
 * a script busy inside one native call (a huge string or sparse-array operation near the memory ceiling) could
 * overrun it by seconds; the thread is therefore also given a hard deadline, after which it is terminated and a
 * fresh one started. Scripts run one at a time on the thread, so a stopped script never blocks the server.
 * The script is a function body that reads `values` and returns an object of values.
 */
export type ScriptLimits = { timeMs: number; memoryBytes: number };
export type ScriptResult = { ok: true; result: Values; elapsedMs: number } | { ok: false; error: string; elapsedMs: number };

type WorkerAnswer = { id: number; ok: true; text: string | null } | { id: number; ok: false; error: { name: string; message: string } };

const MAX_RESULT_CHARS = 256 * 1024;
/** Time the thread gets beyond the script's limit before it is terminated. */
const HARD_DEADLINE_GRACE_MS = 200;

let worker: Worker | null = null;
let ready: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 1;
const waiting = new Map<number, (answer: WorkerAnswer) => void>();

function sandboxThread(): Promise<Worker> {
  ready ??= new Promise<Worker>((resolve, reject) => {
    const thread = new Worker(new URL('./scriptWorker.mjs', import.meta.url));
    thread.unref();
    thread.on('message', (message: WorkerAnswer | { ready: true }) => {
      if ('ready' in message) {
        worker = thread;
        resolve(thread);
        return;
      }
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    });
    thread.on('error', (error) => {
      discard(thread);
      reject(error);
    });
    thread.on('exit', () => discard(thread));
  });
  return ready;
}

function discard(thread: Worker) {
  if (worker === thread || worker === null) {
    worker = null;
    ready = null;
  }
}

function describeError(error: { name: string; message: string }, limits: ScriptLimits): string {
  if (/interrupted/i.test(error.message)) return timeExceeded(limits);
  if (/out of memory/i.test(error.message)) return `The script used more than ${Math.round(limits.memoryBytes / 1048576)} MB of memory and was stopped`;
  if (/stack overflow/i.test(error.message)) return 'The script recursed too deeply and was stopped';
  return `The script failed: ${error.name}: ${error.message}`;
}

const timeExceeded = (limits: ScriptLimits) => `The script ran longer than ${limits.timeMs} ms and was stopped`;

async function runOnThread(source: string, values: Values, limits: ScriptLimits): Promise<ScriptResult> {
  const thread = await sandboxThread();
  const id = nextId++;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const answer = await new Promise<WorkerAnswer | null>((resolve) => {
    const deadline = setTimeout(() => {
      waiting.delete(id);
      discard(thread);
      void thread.terminate();
      resolve(null);
    }, limits.timeMs + HARD_DEADLINE_GRACE_MS);
    waiting.set(id, (message) => {
      clearTimeout(deadline);
      resolve(message);
    });
    thread.postMessage({ id, source, values, timeMs: limits.timeMs, memoryBytes: limits.memoryBytes });
  });
  if (!answer) return { ok: false, error: timeExceeded(limits), elapsedMs: elapsed() };
  if (!answer.ok) return { ok: false, error: describeError(answer.error, limits), elapsedMs: elapsed() };
  if (answer.text === null) return { ok: false, error: 'The script must return an object of values', elapsedMs: elapsed() };
  if (answer.text.length > MAX_RESULT_CHARS) return { ok: false, error: `The script returned more than ${MAX_RESULT_CHARS} characters`, elapsedMs: elapsed() };
  const result: unknown = JSON.parse(answer.text);
  if (!isPlainObject(result)) return { ok: false, error: 'The script must return an object of values', elapsedMs: elapsed() };
  return { ok: true, result, elapsedMs: elapsed() };
}

export function runScript(source: string, values: Values, limits: ScriptLimits): Promise<ScriptResult> {
  const run = queue.then(() => runOnThread(source, values, limits));
  queue = run.catch(() => undefined);
  return run;
}
