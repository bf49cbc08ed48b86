/** The page ↔ service worker contract for route chunks (workers/sw.ts, prefetchScreens.ts). */
export const ROUTE_CHUNK_CACHE = 'route-chunks';
export const WARM_ROUTE_CHUNKS = 'WARM_ROUTE_CHUNKS';
export type WarmRouteChunksReply = { type: 'route-chunks-warm'; cached: number; failed: number };
