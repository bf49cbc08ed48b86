/**
 * What JavaScript each route of the built PWA loads, from Vite's build manifest (dist/.vite/manifest.json), and its
 * size as sent: gzip -9 and brotli 11, each file compressed on its own as the server sends it.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** The sources whose chunks a route needs before it can render, beyond the entry (router.tsx, screens.ts). */
export const ROUTE_SOURCES: Record<'login' | 'inbox', string[]> = {
  // The sign-in screen is part of the entry: nothing is loaded lazily before it renders.
  login: [],
  inbox: ['src/app/shell/ShellLayout.tsx', 'src/features/tickets/TicketInbox.tsx'],
};

export type Sizes = { raw: number; gzip: number; brotli: number };
export type RouteBundle = { route: string; files: string[]; sizes: Sizes };

/** The manifest keys of `keys` and every chunk they import statically (modulepreload), in load order. */
export function staticClosure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** The console's entry (index.html); the build has others (the kiosk page, its service worker). */
export function entryKey(manifest: BuildManifest, page = 'index.html'): string {
  if (!manifest[page]?.isEntry) throw new Error(`the build manifest has no entry ${page}`);
  return page;
}

/** The JavaScript files a route loads: the entry's static closure plus that of its lazily loaded sources. */
export function routeFiles(manifest: BuildManifest, sources: readonly string[], page = 'index.html'): string[] {
  return staticClosure(manifest, [entryKey(manifest, page), ...sources]).map((key) => manifest[key]!.file).filter((file) => /\.m?js$/.test(file));
}

export function readManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npx vite build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BuildManifest;
}

export function fileSizes(distDir: string, files: readonly string[]): Sizes {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    total.raw += bytes.length;
    total.gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    total.brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

export function measureRoutes(distDir: string): RouteBundle[] {
  const manifest = readManifest(distDir);
  return Object.entries(ROUTE_SOURCES).map(([route, sources]) => {
    const files = routeFiles(manifest, sources);
    return { route, files, sizes: fileSizes(distDir, files) };
  });
}

/** The sync worker's script, which the signed-in shell starts beside the page's own JavaScript. */
export function syncWorkerFile(distDir: string): string | null {
  const name = fs.readdirSync(path.join(distDir, 'assets')).find((file) => /^sync\.worker-.*\.js$/.test(file));
  return name ? `assets/${name}` : null;
}
