/**
 * The bundle budget of issue 11, checked after `vite build` by scripts/test.sh: fails when the sign-in route's
 * initial JavaScript (the entry chunk and everything it imports statically) is over 150 kB gzip, or the inbox
 * route's (the signed-in shell and the inbox, with what they import statically) over 220 kB gzip. Issue 18: fails too when the public kiosk page's JavaScript is over
 * 30 kB gzip. `node --import tsx scripts/bundleBudget.ts [distDir]`.
 */
import { KIOSK_BUDGET_GZIP, measureKioskPage } from './bundle/kioskBundle.ts';
import { fileSizes, measureRoutes, syncWorkerFile } from './bundle/routeBundles.ts';

export const LOGIN_BUDGET_GZIP = 150_000;
export const INBOX_BUDGET_GZIP = 220_000;

const distDir = process.argv[2] ?? 'dist';
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const routes = measureRoutes(distDir);
for (const { route, files, sizes } of routes) {
  process.stdout.write(`${route.padEnd(6)} ${kB(sizes.gzip).padStart(9)} gzip  ${kB(sizes.brotli).padStart(9)} brotli  ${kB(sizes.raw).padStart(9)} raw  (${files.length} files)\n`);
}
const worker = syncWorkerFile(distDir);
if (worker) {
  const sizes = fileSizes(distDir, [worker]);
  process.stdout.write(`sync worker (started by the signed-in shell) ${kB(sizes.gzip)} gzip, ${kB(sizes.brotli)} brotli\n`);
}

const kiosk = measureKioskPage(distDir);
process.stdout.write(`${'kiosk'.padEnd(6)} ${kB(kiosk.sizes.gzip).padStart(9)} gzip  ${kB(kiosk.sizes.brotli).padStart(9)} brotli  ${kB(kiosk.sizes.raw).padStart(9)} raw  (${kiosk.files.length} files, forwarder worker included)\n`);
if (kiosk.sizes.gzip > KIOSK_BUDGET_GZIP) {
  process.stderr.write(`FAIL: the kiosk page's JavaScript is ${kB(kiosk.sizes.gzip)} gzip, over the ${kB(KIOSK_BUDGET_GZIP)} budget\n`);
  process.exit(1);
}

const login = routes.find((r) => r.route === 'login')!;
const inbox = routes.find((r) => r.route === 'inbox')!;
if (inbox.sizes.gzip > INBOX_BUDGET_GZIP) {
  process.stderr.write(`FAIL: the inbox route's JavaScript is ${kB(inbox.sizes.gzip)} gzip, over the ${kB(INBOX_BUDGET_GZIP)} budget\n`);
  process.exit(1);
}
if (login.sizes.gzip > LOGIN_BUDGET_GZIP) {
  process.stderr.write(`FAIL: the sign-in route's initial JavaScript is ${kB(login.sizes.gzip)} gzip, over the ${kB(LOGIN_BUDGET_GZIP)} budget\n`);
  process.exit(1);
}
process.stdout.write(`ok: sign-in route ${kB(login.sizes.gzip)} gzip within ${kB(LOGIN_BUDGET_GZIP)}, inbox route ${kB(inbox.sizes.gzip)} within ${kB(INBOX_BUDGET_GZIP)}\n`);
