// Playwright's webServer: the real server on a fresh, throw-away data folder, so every e2e run starts from
// the seeded demo workspace. The folder is removed when Playwright stops the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = process.env.E2E_PORT ?? '4319';
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-console-e2e-'));
// Journeys read mailed links (set-password, recovery) from here: e2e/pages/mailDrop.ts knows the same path.
const mailDropDir = join(tmpdir(), `workflow-console-e2e-mail-${PORT}`);
rmSync(mailDropDir, { recursive: true, force: true });

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', LOGIN_RATE_LIMIT: '1000', MAIL_DROP_DIR: mailDropDir, METRICS_TOKEN: process.env.METRICS_TOKEN ?? 'e2e-metrics-token-000000000001' },
  stdio: 'inherit',
});
console.log(`e2e-server: pid ${server.pid}, port ${PORT}, data ${dataDir}`);

let cleaned = false;
let stopping = false;
function removeDataDir() {
  if (cleaned) return;
  cleaned = true;
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch (error) {
    console.error(`e2e-server: could not remove ${dataDir}:`, error);
  }
}

function stop(signal) {
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) {
    server.kill(signal);
    // PGlite may take a moment to flush; do not let a stuck child keep Playwright waiting.
    setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
  } else {
    removeDataDir();
    process.exit(0);
  }
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => stop(signal));
}

server.on('error', (error) => {
  console.error('e2e-server: could not start the server:', error);
  removeDataDir();
  process.exit(1);
});

server.on('exit', (code, signal) => {
  removeDataDir();
  if (code !== null) process.exit(code);
  if (!stopping) console.error(`e2e-server: the server died of ${signal}`);
  process.exit(stopping ? 0 : 1);
});

process.on('exit', removeDataDir);
