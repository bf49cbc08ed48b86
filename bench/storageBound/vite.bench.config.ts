import path from 'node:path';
import { defineConfig } from 'vite';

/** Builds the storage-bound benchmark's page into .tmp/bench-storage-dist (bench/storageBound.ts serves it). */
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'page'),
  logLevel: 'warn',
  build: { outDir: path.resolve(import.meta.dirname, '../../.tmp/bench-storage-dist'), emptyOutDir: true },
});
