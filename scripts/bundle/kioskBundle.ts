/**
 * The public kiosk page's cold-load JavaScript (kiosk.html's script chunks and the forwarder worker it starts at
 * once), measured as routeBundles.ts measures the console's routes: each file compressed on its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileSizes, readManifest, routeFiles, type Sizes } from './routeBundles.ts';

/** The kiosk page's JavaScript on a cold load must stay under this (issue 18: a cheap tablet loads it fast). */
export const KIOSK_BUDGET_GZIP = 30_000;

export function kioskPageFiles(distDir: string): string[] {
  const pageFiles = routeFiles(readManifest(distDir), [], 'kiosk.html');
  const worker = fs.readdirSync(path.join(distDir, 'assets')).find((file) => /^forwarder\.worker-.*\.js$/.test(file));
  return worker ? [...pageFiles, `assets/${worker}`] : pageFiles;
}

export function measureKioskPage(distDir: string): { files: string[]; sizes: Sizes } {
  const files = kioskPageFiles(distDir);
  return { files, sizes: fileSizes(distDir, files) };
}
