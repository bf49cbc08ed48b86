/** Built files under assets/ that the service worker does not precache (scripts/vite/appShell.ts). */
declare module 'virtual:route-chunks' {
  export const ROUTE_CHUNKS: readonly string[];
}
