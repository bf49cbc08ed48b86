import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// Paths the dev server hands to the Fastify server; everything else is the PWA.
const proxiedPaths = ['/token', '/users', '/workspaces', '/status', '/auth'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
