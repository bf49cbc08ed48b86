import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/**
 * The public kiosk page (kiosk.html, kiosk/) is a second entry of the same build, with its own service worker.
 * These names keep it apart from the console: the console's shell and precache leave it out (appShell.ts), and
 * the kiosk's service worker precaches exactly it.
 */
export const KIOSK_INPUTS = { kiosk: 'kiosk.html', 'kiosk-sw': 'kiosk/kiosk-sw.ts' } as const;
export const KIOSK_PAGE = 'kiosk.html';
/** Where the kiosk's service worker is built: under /forms/, so its default scope is the kiosk pages'. */
export const KIOSK_SW_FILE = 'forms/kiosk-sw.js';
const KIOSK_BUILD_GLOBAL = 'self.__KIOSK_BUILD';

type BundleFile = { type: 'chunk' | 'asset'; fileName: string; name?: string; isEntry?: boolean; imports?: string[]; code?: string; source?: string | Uint8Array; viteMetadata?: { importedCss?: Set<string> } };

export const isKioskEntry = (file: { name?: string; isEntry?: boolean }): boolean => Boolean(file.isEntry) && file.name !== undefined && file.name in KIOSK_INPUTS;

/** Chunk file names for `build.rollupOptions.output.entryFileNames`: the kiosk's service worker at a fixed path. */
export function entryFileNames(chunk: { name: string }): string {
  return chunk.name === 'kiosk-sw' ? KIOSK_SW_FILE : 'assets/[name]-[hash].js';
}

/**
 * What the kiosk page loads: kiosk.html, its entry chunk with the chunks it imports and their CSS, and the files
 * those chunks name (the forwarder worker, built as an asset). The service worker's own file is not part of it.
 */
export function kioskFiles(bundle: Record<string, BundleFile>): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (!file || files.has(fileName)) return;
    files.add(fileName);
    for (const css of file.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of file.imports ?? []) visit(imported);
    const code = file.code ?? '';
    for (const other of Object.keys(bundle)) if (other.startsWith('assets/') && code.includes(other)) visit(other);
  };
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry && file.name === 'kiosk') visit(file.fileName);
  if (bundle[KIOSK_PAGE]) files.add(KIOSK_PAGE);
  return files;
}

/**
 * Finishes the kiosk's part of the build: kiosk.html loses the console's manifest link (the page links its form's
 * own manifest), and the kiosk's service worker gets the list of files to keep and a version that changes with them.
 */
export function kioskBuild(): Plugin {
  return {
    name: 'workflow-console:kiosk',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, BundleFile>;
      const page = bundle[KIOSK_PAGE];
      if (page?.type === 'asset' && typeof page.source === 'string') page.source = page.source.replace(/<link rel="manifest"[^>]*>/g, '');
      const worker = bundle[KIOSK_SW_FILE];
      if (!worker || worker.type !== 'chunk') return;
      if ((worker.imports ?? []).length > 0) this.error(`${KIOSK_SW_FILE} imports ${worker.imports?.join(', ')}: a classic service worker must be one file`);
      const files = [...kioskFiles(bundle)].sort().map((file) => `/${file}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const build = JSON.stringify({ version, page: `/${KIOSK_PAGE}`, files });
      if (!worker.code?.includes(KIOSK_BUILD_GLOBAL)) this.error(`${KIOSK_SW_FILE} does not read ${KIOSK_BUILD_GLOBAL}`);
      worker.code = worker.code.replaceAll(KIOSK_BUILD_GLOBAL, build);
    },
  };
}
