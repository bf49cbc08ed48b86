import path from 'node:path';
import { defineConfig } from 'vite';

/** Builds the benchmark page (with the real sync worker) into .tmp/bench-sync-dist, served by the real server. */
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'page'),
  logLevel: 'warn',
  build: { outDir: path.resolve(import.meta.dirname, '../../.tmp/bench-sync-dist'), emptyOutDir: true },
  worker: { format: 'es' },
});
