import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under /assets/ after its content, so a new build is a new URL: cache it for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/**
 * Files whose URL outlives a build (index.html, sw.js, the manifest, icons, the console bridge) are revalidated on
 * every use, so a new version is seen at once; an unchanged file still answers 304.
 */
export const REVALIDATE_CACHE = 'no-cache';
/**
 * Pages the server renders itself, which a browser opens by navigating: the webhook ingress, the signing page,
 * the answer link and the API reference; and the public kiosk API, which answers JSON even to a browser that asks
 * for a page.
 */
const SERVER_PAGES = ['/hooks/', '/sign/', '/flowtimer/contact/', '/public/', '/docs'];
/** The public kiosk pages (a form's link, /forms/:formId) are their own page of the build, not the console's. */
const KIOSK_PREFIX = '/forms/';
const KIOSK_PAGE = 'kiosk.html';

/** The first segment of a path ('/tickets/42?x' → 'tickets', '/' → ''). */
export const firstSegment = (pathname: string): string => pathname.split('?')[0]!.split('/')[1] ?? '';

/**
 * Whether a request that matched no route gets the app rather than a JSON 404: a GET with no Bearer token that
 * does not ask for JSON only (curl's and most tools' `Accept: *\/*`, or none), for a path that is not under an
 * API route's first segment and does not name a file. `GET /` is the app for every client.
 */
export function answersWithApp(request: { method: string; url: string; accept: string | undefined; bearer: boolean }, apiSegments: ReadonlySet<string>): boolean {
  if (request.method !== 'GET') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (pathname === '/') return true;
  if (request.bearer) return false;
  const accept = request.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  if (!accept.includes('*/*') || /\.[a-z0-9]+$/i.test(pathname)) return false;
  const segment = firstSegment(pathname);
  return segment === '' || !apiSegments.has(segment);
}

/** The built page that answers a navigation to `pathname`. */
export function pageFor(pathname: string): string {
  return pathname.startsWith(KIOSK_PREFIX) ? KIOSK_PAGE : 'index.html';
}

/** The Cache-Control of a file of the build, from its path relative to the build folder ('assets/x-1a2b.js'). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.split(path.sep).join('/').startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built PWA and answers unknown paths: browsers asking for a page, and any client asking for `/` or a
 * path outside the API (answersWithApp), get index.html (the SPA routes it), or kiosk.html under /forms/ (the public
 * kiosk page); API paths get a JSON 404. Text files are compressed at
 * build time (scripts/vite/precompress.ts writes .br and .gz beside them); the file matching the request's
 * Accept-Encoding is sent, with `Vary: Accept-Encoding`.
 *
 * Register this before any on-the-fly compression: its files are already compressed, or not worth it.
 */
export async function registerStaticAndFallback(app: FastifyInstance, staticDir: string, routeUrls: () => readonly string[]): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed siblings are chosen by preCompressed, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const relative = path.relative(staticDir, filePath).replace(/\.(br|gz)$/, '');
        reply.header('cache-control', cacheControlFor(relative));
      },
    });
    // A browser navigating to a screen (/apps, /tickets/…) shares paths with the API. A navigation never carries
    // a Bearer token and asks for HTML; API calls carry a token or ask for JSON (the console's, with its session
    // cookie, accept anything but do not ask for HTML). So the page wins for navigations.
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || request.headers.authorization) return;
      if (!(request.headers.accept ?? '').includes('text/html')) return;
      const pathname = request.url.split('?')[0] ?? '/';
      if (/\.[a-z0-9]+$/i.test(pathname) || SERVER_PAGES.some((prefix) => pathname.startsWith(prefix))) return;
      return reply.header('cache-control', REVALIDATE_CACHE).type('text/html').sendFile(pageFor(pathname));
    });
  }
  // The API's first segments, read once every route is registered (the first unmatched request comes after that).
  let apiSegments: ReadonlySet<string> | null = null;
  app.setNotFoundHandler((request, reply) => {
    apiSegments ??= new Set(routeUrls().map(firstSegment).filter((segment) => segment !== '' && !segment.startsWith(':')));
    const wantsPage = answersWithApp({ method: request.method, url: request.url, accept: request.headers.accept, bearer: Boolean(request.headers.authorization) }, apiSegments);
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', REVALIDATE_CACHE).type('text/html').sendFile(pageFor(request.url.split('?')[0] ?? '/'));
    }
    if (!hasBuild && wantsPage) {
      return reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ code: 'not-found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
