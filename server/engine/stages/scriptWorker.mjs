// The QuickJS sandbox of script stages, in its own thread (see scriptSandbox.ts). Plain JavaScript so the
// thread starts the same way under the server, the tests and the benchmarks, with no TypeScript loader.
import { parentPort } from 'node:worker_threads';
import { getQuickJS, shouldInterruptAfterDeadline } from 'quickjs-emscripten';

const quickJs = await getQuickJS();
const STACK_BYTES = 512 * 1024;

function run({ source, values, timeMs, memoryBytes }) {
  const runtime = quickJs.newRuntime();
  try {
    runtime.setMemoryLimit(memoryBytes);
    runtime.setMaxStackSize(STACK_BYTES);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeMs));
    const context = runtime.newContext();
    try {
      const code = `"use strict";\nJSON.stringify((function (values) {\n${source}\n})(JSON.parse(${JSON.stringify(JSON.stringify(values))})));`;
      const evaluated = context.evalCode(code, 'stage-script.js');
      if (evaluated.error) {
        const error = context.dump(evaluated.error);
        evaluated.error.dispose();
        return { ok: false, error: { name: String(error?.name ?? 'Error'), message: String(error?.message ?? error) } };
      }
      const text = context.dump(evaluated.value);
      evaluated.value.dispose();
      return { ok: true, text: typeof text === 'string' ? text : null };
    } finally {
      context.dispose();
    }
  } catch (error) {
    return { ok: false, error: { name: String(error?.name ?? 'Error'), message: String(error?.message ?? error) } };
  } finally {
    runtime.dispose();
  }
}

parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, ...run(job) }));
parentPort.postMessage({ ready: true });
