import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets a second checkout run its journeys beside this one.
const PORT = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium from apt (scripts/ensure-chromium.sh); Playwright's downloaded browsers are not used.
const CHROMIUM_PATH = '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // Serves the built PWA from dist/: `npm run test:e2e` builds first.
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
