/**
 * `npm run bench`: runs every benchmark in this folder in turn and prints its figures.
 * Each benchmark is a module exporting `run(): Promise<BenchResult[]>`.
 */
import os from 'node:os';
import { run as runBatchCreate } from './batchCreate.ts';
import { run as runBatches } from './batches.ts';
import { run as runCaseDetail } from './caseDetail.ts';
import { run as runCases } from './cases.ts';
import { run as runColdInbox } from './coldInbox.ts';
import { run as runCsv } from './csv.ts';
import { run as runDashboard } from './dashboard.ts';
import { run as runDashboardScreen } from './dashboardScreen.ts';
import { run as runEngine } from './engine.ts';
import { run as runFrontdeskSubmit } from './frontdeskSubmit.ts';
import { run as runInbox } from './inbox.ts';
import { run as runKioskLoad } from './kioskLoad.ts';
import { run as runLighthouse } from './lighthouse.ts';
import { run as runModeler } from './modeler.ts';
import { run as runReconnect } from './reconnect.ts';
import { run as runServer } from './server.ts';
import { run as runStorageBound } from './storageBound.ts';
import { run as runSync } from './sync.ts';
import { run as runTraces } from './traces.ts';
import { run as runTracesPaint } from './tracesPaint.ts';
import { run as runTwoProcesses } from './twoProcesses.ts';

export type BenchResult = { name: string; value: number; unit: string; target?: string };

const benches: Record<string, () => Promise<BenchResult[]>> = {
  server: runServer,
  engine: runEngine,
  batches: runBatches,
  sync: runSync,
  inbox: runInbox,
  'cold-inbox': runColdInbox,
  cases: runCases,
  'case-detail': runCaseDetail,
  dashboard: runDashboard,
  'dashboard-screen': runDashboardScreen,
  modeler: runModeler,
  lighthouse: runLighthouse,
  reconnect: runReconnect,
  csv: runCsv,
  'batch-create': runBatchCreate,
  'frontdesk-submit': runFrontdeskSubmit,
  'kiosk-load': runKioskLoad,
  traces: runTraces,
  'traces-paint': runTracesPaint,
  'two-processes': runTwoProcesses,
  'storage-bound': runStorageBound,
};

const only = process.argv[2];
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
process.stdout.write(`Benchmarks on ${machine}, ${new Date().toISOString().slice(0, 10)}\n\n`);
for (const [name, bench] of Object.entries(benches)) {
  if (only && only !== name) continue;
  const results = await bench();
  process.stdout.write(`${name}\n`);
  for (const r of results) {
    process.stdout.write(`  ${r.name.padEnd(48)} ${String(r.value).padStart(9)} ${r.unit}${r.target ? `   (target ${r.target})` : ''}\n`);
  }
  process.stdout.write('\n');
}
