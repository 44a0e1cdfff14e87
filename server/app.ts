import Fastify, { type FastifyBaseLogger, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '../contracts/platform.js';
import { casesArea } from './cases/routes.js';
import { lmsArea } from './lms/routes.js';
import { networkArea } from './network/routes.js';
import type { Config } from './config.js';
import type { App, AppDeps, AreaDeps } from './platform/area.js';
import { createCounterStore } from './platform/counters.js';
import { createCredentialIssuer, generateCredentialKey } from './platform/credentials.js';
import { registerJwks } from './platform/jwks.js';
import { createPersonLinks } from './platform/person-links.js';
import { registerErrorHandler } from './platform/errors.js';
import { registerHealthRoutes } from './platform/health.js';
import { startJobQueue } from './platform/jobs.js';
import { startMailer } from './platform/mail.js';
import { registerOpenApi } from './platform/openapi.js';
import { createMetrics, registerRequestMetrics, startMetricsServer } from './platform/metrics.js';
import { startScheduledBackups } from './platform/scheduled-backups.js';
import { lazyRequestLogger, OneLinePerRequest } from './platform/request-log.js';
import { registerRateLimit } from './platform/rate-limit.js';
import {
  registerSecurityHeaders,
  securityHeaderSets,
  type SecurityHeaderOptions,
} from './platform/security-headers.js';
import { fastSerializerCompiler } from './platform/serializer.js';
import { HEAD_SCRIPT_HASH } from './platform/head-script.js';
import { registerCompression } from './platform/compression.js';
import { loadWebPages, registerWebApp } from './platform/web-app.js';

export type { App, AppDeps } from './platform/area.js';

const pageContentSecurityPolicy = {
  defaultSrc: ["'self'"],
  // The one inline script: dark mode before the first paint, taps held until hydration (platform/head-script.ts).
  scriptSrc: ["'self'", HEAD_SCRIPT_HASH],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Helmet's options for pages and for every other answer (see `registerSecurityHeaders`). An answer
 * that is not a page loads nothing and is framed by no one: `default-src 'none'` and `DENY`.
 *
 * `upgrade-insecure-requests` only when the app is reached over https: over plain http (a LAN
 * address, a first try without TLS) it would send every script and style to an https that is
 * not there, and the page would stay blank.
 */
function securityHeaderOptions(publicUrl: string | undefined): SecurityHeaderOptions {
  const upgradeInsecureRequests = publicUrl?.startsWith('https:') ? [] : null;
  return {
    // Popups we open (the OpenID Connect sign-in) keep their opener, so they can report back.
    page: {
      contentSecurityPolicy: { directives: { ...pageContentSecurityPolicy, upgradeInsecureRequests } },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    },
    data: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], upgradeInsecureRequests },
      },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      referrerPolicy: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    },
  };
}

/**
 * Fastify 5 reads a bare hop count as "trust nobody" (it cannot tell a proxy from a client that
 * reached the app directly), so a count becomes the equivalent function: the last `hops`
 * addresses of the chain (the socket peer first) are proxies, the one before them is the client.
 * That holds only while the app is reachable through the proxies alone (see the README).
 */
function trustProxyOption(
  trustProxy: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const headerSets = securityHeaderSets(securityHeaderOptions(deps.config.publicUrl));
  const app = Fastify({
    loggerInstance,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client trickling its headers or body, or holding a connection silent, is cut off (408 or
    // a closed socket) instead of holding it for ever. Node checks the first two every
    // `connectionsCheckingInterval`, so that is kept well under the shorter of them.
    http: {
      headersTimeout: deps.config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(deps.config.http.headersTimeoutMs / 4))),
    },
    requestTimeout: deps.config.http.requestTimeoutMs,
    connectionTimeout: deps.config.http.idleTimeoutMs,
    // A malformed URL or an over-long path parameter is refused before any route or hook runs,
    // so the answer gets our { error } shape and the headers of an answer that is not a page.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .status(tooLong ? 414 : 400)
        .headers(headerSets.data)
        .send({ error: tooLong ? 'A value in the address is too long' : 'The address is not valid' });
    },
    childLoggerFactory: lazyRequestLogger,
    logController: new OneLinePerRequest({
      disableRequestLogging: (request) => request.url === '/healthz' || request.url === '/readyz',
    }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  registerErrorHandler(app);

  const metrics = createMetrics(deps.database.pool, deps.logger);
  registerRequestMetrics(app, metrics);
  if (deps.config.metrics) {
    const metricsServer = await startMetricsServer(metrics, { ...deps.config.metrics, log: deps.logger });
    app.addHook('onClose', async () => {
      metricsServer.closeAllConnections();
      await new Promise((resolve) => metricsServer.close(resolve));
    });
  }

  registerSecurityHeaders(app, headerSets);
  // Before every route, the pages' and the API's answers (decision 048).
  await registerCompression(app);
  const counters = createCounterStore({
    redisUrl: deps.config.redisUrl,
    now: () => deps.clock.now().getTime(),
    log: deps.logger,
  });
  app.addHook('onClose', async () => counters.close());
  registerRateLimit(app, counters);
  // The OpenAPI description is generated from the same zod schemas that validate requests.
  await registerOpenApi(app, { serve: deps.config.developerFiles.apiDocs });

  registerHealthRoutes(app, deps.database, deps.isShuttingDown ?? (() => false));
  const publicConfig: PublicConfig = {
    ...casesArea.publicConfig(deps.config),
    ...lmsArea.publicConfig(deps.config),
    ...networkArea.publicConfig(deps.config),
  };
  app.get(
    '/api/config',
    { schema: { summary: "The server's public settings", response: { 200: publicConfigSchema } } },
    async () => publicConfig,
  );

  const jobs = await startJobQueue({
    // pg-boss holds sessions (LISTEN for new jobs, advisory locks for its maintenance).
    connectionString: deps.database.directUrl ?? deps.database.url,
    logger: deps.logger,
    retryDelaySeconds: deps.config.jobRetryDelaySeconds,
  });
  // Closing the app lets running jobs finish before the database goes.
  app.addHook('onClose', () => jobs.stop());
  metrics.trackJobQueue(() => jobs.counts());
  await startScheduledBackups({ config: deps.config, jobs, clock: deps.clock, logger: deps.logger });
  const areaDeps: AreaDeps = {
    ...deps,
    jobs,
    mailer: await startMailer(deps.config, jobs, deps.logger, deps.database.db, metrics),
    counters,
    metrics,
    webPages: await loadWebPages(deps.webDistFolder, { publicConfig }, app.log),
    credentials: await createCredentialIssuer(deps.credentialKeys ?? [await generateCredentialKey()], deps.clock),
    personLinks: createPersonLinks(deps.database.db),
  };
  registerJwks(app, areaDeps.credentials);

  for (const area of [casesArea, lmsArea, networkArea]) await area.register(app, areaDeps);
  // After the areas: each has said how its emails are written before the first is sent.
  await areaDeps.mailer.start();

  await registerWebApp(app, deps.webDistFolder, areaDeps.webPages, {
    sourceMaps: deps.config.developerFiles.sourceMaps,
  });
  return app;
}
