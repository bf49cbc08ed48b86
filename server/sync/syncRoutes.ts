import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import {
  docsRequestSchema,
  mutationBatchSchema,
  pullQuerySchema,
  STREAM_HANDOVER_MAX_MS,
  type StreamClosing,
  type StreamMessage,
} from '../../src/domain/sync/protocol.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import type { AppDeps } from '../app.ts';
import type { WorkspaceChange } from './changeBus.ts';
import { postCommitDeps } from '../services/postCommit.ts';
import { applyMutations } from './applyMutations.ts';
import { currentDocs, pullPage } from './pull.ts';
import { loadVisibility } from './visibility.ts';
import { noticeVisible } from './visibilityRules.ts';

/** How often an idle stream says it is alive (proxies drop silent connections; clients detect dead ones). */
export const HEARTBEAT_MS = 15_000;
/** Tables whose changes can change what a caller sees: the caller's visibility is read again before deciding. */
const MEMBERSHIP_TABLES = new Set(['users', 'members', 'team_members', 'engine_users']);
/** Changes arriving together are announced together. */
const COALESCE_MS = 10;

export const syncRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, changeBus, originPolicy, metrics } = deps;
    requireSession(app, db);

    // Open streams never end by themselves: closing the app ends each with a reconnect hint (StreamClosing) so
    // the listener can close while requests in flight finish, and the clients move to another process.
    const openStreams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end();
    });

    app.get('/sync/pull', { schema: { querystring: pullQuerySchema } }, async (request, reply) => {
      const visibility = await loadVisibility(db, authOf(request));
      // Serialised here (as Fastify would) so the page's size is counted without a second serialisation.
      const body = JSON.stringify(await pullPage(db, visibility, request.query));
      metrics.pullPage(request.query.collection, Buffer.byteLength(body));
      return reply.type('application/json; charset=utf-8').send(body);
    });

    app.post('/sync/docs', { schema: { body: docsRequestSchema } }, async (request) => {
      const visibility = await loadVisibility(db, authOf(request));
      return { documents: await currentDocs(db, visibility, request.body.collection, request.body.ids) };
    });

    // Each mutation's arguments are inspected on their own (applyMutations), so one bad entry is rejected alone.
    app.post('/sync/mutations', { schema: { body: mutationBatchSchema }, config: { inputBoundary: 'route' } }, async (request) => {
      const results = await applyMutations(db, authOf(request), request.body, request.log, postCommitDeps(deps, request));
      const names = new Map(request.body.mutations.map((m) => [m.id, typeof m.name === 'string' ? m.name : 'unknown']));
      metrics.mutationBatch(results.map((r) => ({ name: names.get(r.id) ?? 'unknown', outcome: r.status })));
      // A CORS origin written through the outbox must be allowed (or refused) at the browser's next preflight.
      if (request.body.mutations.some((m) => typeof m.name === 'string' && m.name.startsWith('cors.'))) originPolicy?.invalidate();
      return { results };
    });

    app.get('/sync/stream', async (request, reply) => {
      const auth = authOf(request);
      let visibility = await loadVisibility(db, auth);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
      metrics.streamOpened();

      let pending = new Set<SyncedCollection>();
      let pendingRev = 0;
      let timer: NodeJS.Timeout | null = null;
      let followed = true;
      const flush = () => {
        timer = null;
        if (pending.size === 0) return;
        const message: StreamMessage = { collections: [...pending], rev: pendingRev };
        pending = new Set();
        raw.write(`event: changes\ndata: ${JSON.stringify(message)}\n\n`);
      };
      const announce = (change: WorkspaceChange) => {
        if (!followed) return;
        pending.add(change.collection);
        pendingRev = Math.max(pendingRev, change.rev);
        timer ??= setTimeout(flush, COALESCE_MS);
      };
      const unsubscribe = changeBus?.subscribe(auth.workspaceId, (change) => {
        if (!MEMBERSHIP_TABLES.has(change.table)) {
          if (noticeVisible(change.table, change.key, visibility)) announce(change);
          return;
        }
        // Who the caller is, or which teams they are in, may have changed what they see: read it again first.
        void loadVisibility(db, auth)
          .then((fresh) => {
            const changed = fresh.fingerprint !== visibility.fingerprint;
            visibility = fresh;
            if (changed || noticeVisible(change.table, change.key, fresh)) announce(change);
          })
          .catch(() => undefined);
      });
      const heartbeat = setInterval(() => raw.write(`event: heartbeat\ndata: ${Date.now()}\n\n`), HEARTBEAT_MS);
      const stopFollowing = () => {
        followed = false;
        openStreams.delete(endForShutdown);
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
        timer = null;
        unsubscribe?.();
      };
      const endForShutdown = () => {
        if (timer) {
          clearTimeout(timer);
          flush();
        }
        stopFollowing();
        const closing: StreamClosing = { retryMs: 100 + Math.floor(Math.random() * (STREAM_HANDOVER_MAX_MS - 100)) };
        raw.write(`retry: ${closing.retryMs}\nevent: closing\ndata: ${JSON.stringify(closing)}\n\n`);
        // The socket goes with the stream, or it would linger as a keep-alive connection and hold the close up.
        raw.end(() => raw.socket?.end());
      };
      openStreams.add(endForShutdown);
      request.raw.on('close', () => {
        metrics.streamClosed();
        stopFollowing();
      });
    });
  };
