import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShell } from './scripts/vite/appShell.ts';
import { entryFileNames, KIOSK_INPUTS, kioskBuild } from './scripts/vite/kioskBuild.ts';
import { precompress } from './scripts/vite/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Paths the dev server hands to the Fastify server; everything else is the PWA.
const proxiedPaths = ['/token', '/users', '/workspaces', '/status', '/auth', '/sync', '/public'];

// In the browser, `zod` is src/app/zodJitless.ts (no `new Function` probe under the CSP). Node (server, tests)
// keeps zod's compiled parsers.
const browserAliases = process.env.VITEST ? [] : [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zodJitless.ts', import.meta.url)) }];

const shell = appShell();

export default defineConfig({
  resolve: { alias: browserAliases },
  plugins: [
    react(),
    tailwindcss(),
    shell.recorder,
    VitePWA({
      // Our own service worker (workers/sw.ts): it precaches the shell, serves index.html for every route and keeps
      // screen chunks cache-first (scripts/vite/appShell.ts splits the two).
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      // Registered by src/app/pwa/serviceWorker.ts through workbox-window, which also drives the update prompt.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The replica and chart chunks are larger than Workbox's 2 MiB default; the console needs them offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        manifestTransforms: [shell.manifestTransform],
        buildPlugins: { vite: [shell.serviceWorkerPlugin] },
      },
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Workflow Console',
        short_name: 'Workflows',
        description: 'Workspace console for workflow automation and case and ticket work',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#eef1f5',
        theme_color: '#1f3a5f',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // The public kiosk page's build: its service worker's file list, its own manifest link.
    kioskBuild(),
    // Last: compresses what the build wrote, service workers included.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/bundleBudget.ts). Dot folders are not served.
    manifest: true,
    // A lazy chunk's own imports are not preloaded: the helper's link per chunk (26 for the mutation previews, 30 for
    // the inbox) cost 50–150 ms of the task that asked for it on a slow device (traces of the cold inbox). The
    // browser fetches them as it reads the chunk, and the service worker has them once the screens are warmed
    // (src/app/pwa/prefetchScreens.ts). The page's own entry keeps its preloads; lazy chunks' CSS is still loaded.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rollupOptions: {
      // The console, and the public kiosk page with its own service worker (scripts/vite/kioskBuild.ts).
      input: { index: 'index.html', ...KIOSK_INPUTS },
      output: { entryFileNames },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['tests/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server tests each boot PGlite; more than two at once starves the machine.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
