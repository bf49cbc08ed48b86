import { describe, expect, it } from 'vitest';
import { appShell, shellFiles } from '../../scripts/vite/appShell.ts';
import { entryFileNames, KIOSK_SW_FILE, kioskFiles } from '../../scripts/vite/kioskBuild.ts';

// A bundle shaped like the build's: the console entry, the kiosk entry with its worker asset, the kiosk's service worker.
const bundle = {
  'assets/react-b2.js': { type: 'chunk' as const, name: 'react', fileName: 'assets/react-b2.js', imports: [] },
  'assets/preload-p1.js': { type: 'chunk' as const, name: 'preload', fileName: 'assets/preload-p1.js', imports: [] },
  'assets/index-c3.css': { type: 'asset' as const, fileName: 'assets/index-c3.css' },
  'assets/index-a1.js': { type: 'chunk' as const, name: 'index', fileName: 'assets/index-a1.js', isEntry: true, imports: ['assets/react-b2.js', 'assets/preload-p1.js'], dynamicImports: ['assets/Tickets-t1.js', 'assets/FormDialog-f1.js'], viteMetadata: { importedCss: new Set(['assets/index-c3.css']) } },
  'assets/Tickets-t1.js': { type: 'chunk' as const, name: 'Tickets', fileName: 'assets/Tickets-t1.js', imports: ['assets/react-b2.js'] },
  // The form dialog and the kiosk share the template sanitiser's chunk.
  'assets/FormDialog-f1.js': { type: 'chunk' as const, name: 'FormDialog', fileName: 'assets/FormDialog-f1.js', imports: ['assets/sanitize-s1.js'] },
  'assets/sanitize-s1.js': { type: 'chunk' as const, name: 'sanitize', fileName: 'assets/sanitize-s1.js', imports: [] },
  'assets/kiosk-k1.js': {
    type: 'chunk' as const,
    name: 'kiosk',
    fileName: 'assets/kiosk-k1.js',
    isEntry: true,
    imports: ['assets/preload-p1.js', 'assets/sanitize-s1.js'],
    code: 'new Worker(new URL("/assets/forwarder.worker-w1.js", import.meta.url))',
    viteMetadata: { importedCss: new Set(['assets/kiosk-k2.css']) },
  },
  'assets/kiosk-k2.css': { type: 'asset' as const, fileName: 'assets/kiosk-k2.css' },
  'assets/forwarder.worker-w1.js': { type: 'asset' as const, fileName: 'assets/forwarder.worker-w1.js' },
  [KIOSK_SW_FILE]: { type: 'chunk' as const, name: 'kiosk-sw', fileName: KIOSK_SW_FILE, isEntry: true, imports: [], code: 'self.__KIOSK_BUILD' },
  'kiosk.html': { type: 'asset' as const, fileName: 'kiosk.html' },
};

describe('the kiosk beside the console in one build', () => {
  it("the console's shell is its own entry's closure: nothing of the kiosk", () => {
    expect([...shellFiles(bundle)].sort()).toEqual(['assets/index-a1.js', 'assets/index-c3.css', 'assets/preload-p1.js', 'assets/react-b2.js']);
  });

  it("the kiosk's files are its page, entry, imports, CSS and the worker its code names", () => {
    expect([...kioskFiles(bundle)].sort()).toEqual(['assets/forwarder.worker-w1.js', 'assets/kiosk-k1.js', 'assets/kiosk-k2.css', 'assets/preload-p1.js', 'assets/sanitize-s1.js', 'kiosk.html']);
  });

  it("the console's service worker precaches neither kiosk.html nor the kiosk's own files, nor warms them as screens", () => {
    const shell = appShell();
    (shell.recorder.generateBundle as unknown as (options: unknown, bundle: unknown) => void)({}, bundle);
    const urls = ['index.html', 'kiosk.html', KIOSK_SW_FILE, 'manifest.webmanifest', 'assets/index-a1.js', 'assets/kiosk-k1.js', 'assets/forwarder.worker-w1.js', 'assets/Tickets-t1.js'];
    const result = shell.manifestTransform(urls.map((url) => ({ url, revision: null, size: 1 })));
    expect((result as { manifest: { url: string }[] }).manifest.map((entry) => entry.url)).toEqual(['index.html', 'manifest.webmanifest', 'assets/index-a1.js']);
    const load = shell.serviceWorkerPlugin.load as unknown as (id: string) => string;
    // A chunk the kiosk shares with a console screen is warmed for the console too, or that screen fails offline.
    expect(load('\0virtual:route-chunks')).toBe('export const ROUTE_CHUNKS = ["assets/FormDialog-f1.js","assets/Tickets-t1.js","assets/sanitize-s1.js"];');
  });

  it("the kiosk's service worker is built at /forms/kiosk-sw.js, so its scope is the kiosk pages'", () => {
    expect(entryFileNames({ name: 'kiosk-sw' })).toBe('forms/kiosk-sw.js');
    expect(entryFileNames({ name: 'kiosk' })).toBe('assets/[name]-[hash].js');
    expect(entryFileNames({ name: 'index' })).toBe('assets/[name]-[hash].js');
  });
});
