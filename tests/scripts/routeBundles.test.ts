import { describe, expect, it } from 'vitest';
import { routeFiles, staticClosure, type BuildManifest } from '../../scripts/bundle/routeBundles.ts';
import { shellFiles } from '../../scripts/vite/appShell.ts';

// A build manifest shaped like Vite's: the entry imports react statically and the shell lazily.
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'], dynamicImports: ['src/app/shell/ShellLayout.tsx'], css: ['assets/index-c3.css'] },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  'src/app/shell/ShellLayout.tsx': { file: 'assets/ShellLayout-d4.js', isDynamicEntry: true, imports: ['index.html', '_replica-e5.js'] },
  '_replica-e5.js': { file: 'assets/replica-e5.js', imports: ['_react-b2.js'] },
  'src/features/tickets/TicketInbox.tsx': { file: 'assets/TicketInbox-f6.js', isDynamicEntry: true, imports: ['_replica-e5.js', '_table-g7.js'] },
  '_table-g7.js': { file: 'assets/table-g7.js' },
  'src/features/tickets/TicketDetail.tsx': { file: 'assets/TicketDetail-h8.js', isDynamicEntry: true, imports: ['_signature-i9.js'] },
  '_signature-i9.js': { file: 'assets/signature-i9.js' },
};

describe('what a route loads', () => {
  it('the sign-in route is the entry and its static imports, none of the lazily loaded screens', () => {
    expect(routeFiles(MANIFEST, [])).toEqual(['assets/index-a1.js', 'assets/react-b2.js']);
  });

  it('the inbox adds the shell and the inbox chunks with their static imports, each file once', () => {
    expect(routeFiles(MANIFEST, ['src/app/shell/ShellLayout.tsx', 'src/features/tickets/TicketInbox.tsx']).sort()).toEqual(
      ['assets/index-a1.js', 'assets/react-b2.js', 'assets/ShellLayout-d4.js', 'assets/replica-e5.js', 'assets/TicketInbox-f6.js', 'assets/table-g7.js'].sort(),
    );
  });

  it('a source missing from the manifest is an error, not a smaller figure', () => {
    expect(() => staticClosure(MANIFEST, ['src/features/Nowhere.tsx'])).toThrow(/no chunk/);
  });
});

describe('the service worker shell', () => {
  it('is the entry chunk, its static imports and their CSS; screens and their libraries are left to runtime caching', () => {
    const bundle = {
      'assets/index-a1.js': { type: 'chunk' as const, fileName: 'assets/index-a1.js', isEntry: true, imports: ['assets/react-b2.js'], viteMetadata: { importedCss: new Set(['assets/index-c3.css']) } },
      'assets/react-b2.js': { type: 'chunk' as const, fileName: 'assets/react-b2.js', imports: [] },
      'assets/index-c3.css': { type: 'asset' as const, fileName: 'assets/index-c3.css' },
      'assets/TicketDetail-h8.js': { type: 'chunk' as const, fileName: 'assets/TicketDetail-h8.js', imports: ['assets/react-b2.js'] },
      'assets/sync.worker-j1.js': { type: 'asset' as const, fileName: 'assets/sync.worker-j1.js' },
    };
    expect([...shellFiles(bundle)].sort()).toEqual(['assets/index-a1.js', 'assets/index-c3.css', 'assets/react-b2.js']);
  });
});
