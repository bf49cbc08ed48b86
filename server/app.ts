import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { MAX_FILES_PER_UPLOAD } from '../src/domain/files/fileRules.ts';
import type { Config } from './config.ts';
import type { Backend } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import { bridgeScriptHashSource, builderPreviewHashSource } from './http/bridgeScriptHash.ts';
import { openFileStore } from './files/fileStoreConfig.ts';
import { createOriginPolicy, type OriginPolicy } from './http/corsOrigins.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerInputBoundary } from './http/inputBoundary.ts';
import { registerOpenApi } from './http/openApi.ts';
import { postgresRateLimitStore } from './http/rateLimitStore.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { SERVED_MUTATIONS } from './sync/mutationHandlers.ts';
import { registerStaticAndFallback } from './http/staticAssets.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './routes/accountRoutes.ts';
import { appRoutes } from './routes/appRoutes.ts';
import { appsOptimizedRoutes } from './routes/appsOptimizedRoutes.ts';
import { authRoutes } from './routes/authRoutes.ts';
import { batchRoutes } from './routes/batchRoutes.ts';
import { caseRoutes } from './routes/caseRoutes.ts';
import { caseTypeRoutes } from './routes/caseTypeRoutes.ts';
import { corsRoutes } from './routes/corsRoutes.ts';
import { engineRoutes } from './routes/engineRoutes.ts';
import { envelopeRoutes } from './routes/envelopeRoutes.ts';
import { eventRoutes } from './routes/eventRoutes.ts';
import { flowRoutes } from './routes/flowRoutes.ts';
import { formRoutes } from './routes/formRoutes.ts';
import { templateRoutes } from './routes/templateRoutes.ts';
import { fileRoutes } from './routes/fileRoutes.ts';
import { hookRoutes } from './routes/hookRoutes.ts';
import { kioskRoutes } from './routes/kioskRoutes.ts';
import { humanInterfaceRoutes } from './routes/humanInterfaceRoutes.ts';
import { publicFormRoutes } from './routes/publicFormRoutes.ts';
import { signingRoutes } from './routes/signingRoutes.ts';
import { statusRoutes } from './routes/statusRoutes.ts';
import { memberRoutes } from './routes/memberRoutes.ts';
import { teamRoutes } from './routes/teamRoutes.ts';
import { traceRoutes } from './routes/traceRoutes.ts';
import { userRoutes } from './routes/userRoutes.ts';
import { contactAnswerRoutes } from './routes/contactAnswerRoutes.ts';
import { dashboardRoutes } from './routes/dashboardRoutes.ts';
import { createAppsCache, type AppsCache } from './services/appsCache.ts';
import type { ChangeBus } from './sync/changeBus.ts';
import { syncRoutes } from './sync/syncRoutes.ts';

export type AppDeps = {
  db: Kysely<Database>;
  backend: Backend;
  config: Config;
  mailer: Mailer;
  /** Live change notifications; absent in tests that do not need the stream. */
  changeBus?: ChangeBus;
  /** The CORS check's origins; the routes that write cors_origins invalidate its cache. */
  originPolicy?: OriginPolicy;
  /** The optimized apps reads' cache (services/appsCache.ts): one per process, checked against revisions. */
  appsCache: AppsCache;
  metrics: Metrics;
};

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
    /** This app's Prometheus metrics (server/observability/metrics.ts); the engine of the same process adds to them. */
    metrics: Metrics;
  }
}

/** Requests larger than this are refused with 413 before any handler runs (file uploads get their own limit). */
const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(options: {
  db: Kysely<Database>;
  backend: Backend;
  config: Config;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  changeBus?: ChangeBus;
  /** PostgreSQL's pool, for the metrics of its use. */
  pool?: pg.Pool;
}): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
    // Closing lets requests in flight finish (idle connections are closed); the live streams, which never end
    // by themselves, are ended by the sync routes' preClose hook.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // One schema per payload, from src/domain, validates bodies and queries on the way in.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  // Every route the app serves, as registered: the fuzz test walks them all.
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  // Before every route: nothing a database cannot hold (NUL, lone surrogates) or a parser cannot walk (deep
  // nesting) gets past here.
  registerInputBoundary(app);
  // While the app closes, an answer in flight also closes its connection: a kept-alive one would hold the close up
  // and its next request would only get a 503 here.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  const metrics = createMetrics({ db: options.db, pool: options.pool, mutationNames: SERVED_MUTATIONS });
  app.decorate('metrics', metrics);
  // Timed by route pattern, never by raw URL (ids would make every request its own series).
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  const originPolicy = createOriginPolicy(options.db);
  const deps: AppDeps = {
    db: options.db,
    originPolicy,
    backend: options.backend,
    config,
    appsCache: createAppsCache(),
    metrics,
    mailer: options.mailer ?? createMailer({ db: options.db, smtpUrl: config.smtpUrl, from: config.mailFrom, dropDir: config.mailDropDir, log: app.log }),
    ...(options.changeBus ? { changeBus: options.changeBus } : {}),
  };

  // External plugins first: security headers, CORS, rate limits, then static files. Routes come after them
  // so every route inherits their hooks.
  const bridgeHash = bridgeScriptHashSource(config.staticDir);
  const previewHash = builderPreviewHashSource(config.staticDir);
  await app.register(helmet, {
    // HSTS and upgrade-insecure-requests only when the console is served over https (HTTPS, PUBLIC_URL): over
    // plain http they would send the browser to an https origin that does not answer.
    hsts: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        // The console bridge is inlined into ticket template frames and the preview script into the builder's
        // preview frame, which inherit this policy: they alone are allowed, by hash; templates' own inline
        // scripts are not.
        'script-src': ["'self'", ...(bridgeHash ? [bridgeHash] : []), ...(previewHash ? [previewHash] : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'worker-src': ["'self'", 'blob:'],
        // The workspace's external dashboard (Settings → External, /collections) is framed from whatever https
        // address its administrator set. This page is the same for every workspace and is served before sign-in,
        // so it cannot name that one origin: any https origin may be framed, never plain http (except this
        // machine's, for a dashboard run beside a local console) nor other schemes. The frame itself is sandboxed.
        'frame-src': ["'self'", 'blob:', 'https:', ...(config.https ? [] : ['http://localhost:*', 'http://127.0.0.1:*'])],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': config.https ? [] : null,
      },
    },
  });

  await app.register(cors, () => async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const allowed = origin ? await originPolicy.allows(request, origin) : false;
    return { origin: allowed, credentials: false, methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], maxAge: 600 };
  });

  // The console's session cookie (HttpOnly, SameSite=Strict; server/auth/sessionCookie.ts).
  await app.register(cookie);

  // Only routes that opt in (sign-in, recovery, signing, kiosk forms) are limited; the key is the caller's address
  // unless the route names its own (kiosk forms: the kiosk id and the address). On PostgreSQL the counters are in
  // the database, shared by every server process on it; PGlite serves one process, which counts in memory.
  await app.register(rateLimit, { global: false, ...(options.backend === 'postgres' ? { store: postgresRateLimitStore(options.db) } : {}) });

  // Multipart bodies (file uploads) are parsed on demand by the routes that take them, within these limits;
  // the upload route adds its own total across files.
  await app.register(multipart, {
    limits: { fileSize: config.fileMaxBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, fieldSize: 1024, parts: MAX_FILES_PER_UPLOAD + 20 },
  });

  // The built PWA, pre-compressed at build time; registered before on-the-fly compression so that skips it.
  await registerStaticAndFallback(app, config.staticDir, () => routes.map((route) => route.url));
  // API answers (sync pages are large JSON) compressed on the fly. The live stream hijacks its reply and is never
  // buffered. Request bodies are read as sent: nothing is inflated in front of the input boundary.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });

  await registerOpenApi(app);
  await app.register(statusRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(syncRoutes(deps));
  await app.register(appRoutes(deps));
  await app.register(eventRoutes(deps));
  await app.register(appsOptimizedRoutes(deps));
  await app.register(flowRoutes(deps));
  await app.register(hookRoutes(deps));
  await app.register(contactAnswerRoutes(deps));
  await app.register(humanInterfaceRoutes(deps));
  await app.register(teamRoutes(deps));
  await app.register(memberRoutes(deps));
  await app.register(corsRoutes(deps));
  await app.register(engineRoutes(deps));
  await app.register(caseRoutes(deps));
  await app.register(caseTypeRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(batchRoutes(deps));
  await app.register(formRoutes(deps));
  await app.register(templateRoutes(deps));
  await app.register(traceRoutes(deps));
  // Case files and envelopes share one file store: a signed envelope's image and audit record are case files.
  const fileStore = await openFileStore(config.fileStore);
  app.addHook('onClose', async () => fileStore.close?.());
  await app.register(fileRoutes(deps, fileStore));
  await app.register(envelopeRoutes(deps));
  // Public (the signing link is the credential), rate-limited per address.
  await app.register(signingRoutes(deps, fileStore));
  // Public (a kiosk has no sign-in; the Form ID is in its link), rate-limited per kiosk id and address.
  await app.register(publicFormRoutes(deps));
  // Public: the kiosk page's per-form web manifest.
  await app.register(kioskRoutes(deps));

  return app;
}
