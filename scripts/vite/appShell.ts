import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';
import { isKioskEntry, KIOSK_PAGE, KIOSK_SW_FILE, kioskFiles } from './kioskBuild.ts';

/** The module that tells the service worker (workers/sw.ts) which built files it fetches only when asked. */
export const ROUTE_CHUNKS_MODULE = 'virtual:route-chunks';
const RESOLVED_ROUTE_CHUNKS_MODULE = `\0${ROUTE_CHUNKS_MODULE}`;

type BundleFile = {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  code?: string;
  viteMetadata?: { importedCss?: Set<string> };
};

/**
 * The console's entry chunk, the chunks it imports statically, and their CSS: what the first page needs, every
 * page. The kiosk's entries (scripts/vite/kioskBuild.ts) are not the console's.
 */
export function shellFiles(bundle: Record<string, BundleFile>): Set<string> {
  const shell = new Set<string>();
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (!file || shell.has(fileName)) return;
    shell.add(fileName);
    for (const css of file.viteMetadata?.importedCss ?? []) shell.add(css);
    for (const imported of file.imports ?? []) visit(imported);
  };
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry && !isKioskEntry(file)) visit(file.fileName);
  return shell;
}

/**
 * Every file the console may load: its entries and all they import, at once or later (screens, dialogs). A chunk
 * the kiosk page shares with the console (the template sanitiser) is one of them too.
 */
export function consoleFiles(bundle: Record<string, BundleFile>): Set<string> {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (!file || reached.has(fileName)) return;
    reached.add(fileName);
    for (const css of file.viteMetadata?.importedCss ?? []) reached.add(css);
    for (const imported of [...(file.imports ?? []), ...(file.dynamicImports ?? [])]) visit(imported);
  };
  for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.isEntry && !isKioskEntry(file)) visit(file.fileName);
  return reached;
}

/**
 * Splits the build for the service worker: the shell (index.html, the entry chunk and its static imports, CSS,
 * icons, the manifest) is precached on install; every other script and style under assets/ (screens, the sync
 * worker, the Spanish catalogue, heavy libraries) is fetched when first used and then served cache-first, or all
 * at once when the signed-in page asks (src/app/pwa/prefetchScreens.ts). The public kiosk page's files
 * (kiosk.html, its chunks, its own service worker) are neither: the kiosk's service worker keeps those.
 *
 * `recorder` watches the app's build; `manifestTransform` trims the precache list; `serviceWorkerPlugin` gives the
 * service worker's own build the list of route chunks as `virtual:route-chunks`.
 */
export function appShell() {
  let shell: Set<string> | null = null;
  let kiosk = new Set<string>();
  let routeChunks: string[] = [];

  const recorder: Plugin = {
    name: 'workflow-console:app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = bundle as unknown as Record<string, BundleFile>;
      shell = shellFiles(files);
      kiosk = kioskFiles(files);
      const usedByConsole = consoleFiles(files);
      // The kiosk's own files are the kiosk service worker's; a chunk both pages load is the console's too.
      routeChunks = Object.keys(files)
        .filter((name) => name.startsWith('assets/') && /\.(js|css)$/.test(name) && !shell?.has(name) && (!kiosk.has(name) || usedByConsole.has(name)))
        .sort();
    },
  };

  const manifestTransform: ManifestTransform = (entries) => {
    if (shell === null) throw new Error('app shell: the app build has not been seen');
    const kept = shell;
    const isConsoleFile = (url: string) => (url.startsWith('assets/') ? kept.has(url) : url !== KIOSK_PAGE && url !== KIOSK_SW_FILE);
    return { manifest: entries.filter((entry) => isConsoleFile(entry.url)), warnings: [] };
  };

  const serviceWorkerPlugin: Plugin = {
    name: 'workflow-console:route-chunks',
    resolveId: (id) => (id === ROUTE_CHUNKS_MODULE ? RESOLVED_ROUTE_CHUNKS_MODULE : null),
    load: (id) => (id === RESOLVED_ROUTE_CHUNKS_MODULE ? `export const ROUTE_CHUNKS = ${JSON.stringify(routeChunks)};` : null),
  };

  return { recorder, manifestTransform, serviceWorkerPlugin };
}
