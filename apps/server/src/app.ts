import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppDb } from './db/schema';
import { createAuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createLoginRateLimiter } from './modules/auth/login-rate-limiter';
import { loadSessionSecret } from './modules/auth/session-secret';
import { createSessionService } from './modules/auth/sessions.service';
import { biosamplesRoutes } from './modules/biosamples/biosamples.routes';
import { createBiosamplesService } from './modules/biosamples/biosamples.service';
import { createJobQueue, jobQueueOptions, type JobQueue } from './jobs/job-queue';
import { cartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { coloniesRoutes } from './modules/colonies/colonies.routes';
import { colonyClustersRoutes } from './modules/colony-clusters/colony-clusters.routes';
import { createColonyClustersService } from './modules/colony-clusters/colony-clusters.service';
import { colonyPagesRoutes } from './modules/colony-pages/colony-pages.routes';
import { createColonyPagesService } from './modules/colony-pages/colony-pages.service';
import { createColoniesService } from './modules/colonies/colonies.service';
import { orcidSignInRoutes } from './modules/orcid-sign-in/orcid-sign-in.routes';
import { createOrcidSignInService } from './modules/orcid-sign-in/orcid-sign-in.service';
import { projectsRoutes } from './modules/projects/projects.routes';
import { createProjectsService } from './modules/projects/projects.service';
import { speciesRoutes } from './modules/species/species.routes';
import { createSpeciesService } from './modules/species/species.service';
import { taxaRoutes } from './modules/taxa/taxa.routes';
import { createTaxaService } from './modules/taxa/taxa.service';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { termsRoutes } from './modules/terms/terms.routes';
import { dataSummaryRoutes } from './modules/data-summary/data-summary.routes';
import { createDataSummaryService } from './modules/data-summary/data-summary.service';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { maxMinRoutes } from './modules/thresholds/max-min.routes';
import { createThresholdsService } from './modules/thresholds/thresholds.service';
import { createAuthenticator, registerAuthenticationRequirement } from './plugins/authentication';
import { registerCors } from './plugins/cors';
import { createCsrfTokens, registerCsrfProtection } from './plugins/csrf';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerReadRouting } from './plugins/read-routing';
import { loggingOptions } from './plugins/request-log';
import { registerWebApp } from './plugins/web-app';
import { discoveryRoutes } from './modules/discovery/discovery.routes';
import { createDiscoveryService } from './modules/discovery/discovery.service';
import { oaiPmhRoutes } from './modules/oai-pmh/oai-pmh.routes';
import { createOaiPmhService } from './modules/oai-pmh/oai-pmh.service';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { datasetsRoutes } from './modules/datasets/datasets.routes';
import { datasetCitationRoutes } from './modules/datasets/dataset-citation.routes';
import { createDatasetCitationsService } from './modules/datasets/dataset-citations.service';
import { queueDoiRegistration } from './modules/datasets/doi-registration.job';
import { scheduleEmbargoRelease } from './modules/datasets/embargo-release.job';
import {
  createDatasetsService,
  type DatasetsServiceOptions,
} from './modules/datasets/datasets.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createRequestRateLimiter } from './modules/auth/request-rate-limiter';
import { createDownloadSources } from './modules/downloads/download-sources';
import { compareRoutes } from './modules/compare/compare.routes';
import { createCompareService } from './modules/compare/compare.service';
import { createDownloadWriter } from './modules/downloads/download-writer';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { createSnapshotsService } from './modules/snapshots/snapshots.service';
import { snapshotsRoutes } from './modules/snapshots/snapshots.routes';
import { SOFTWARE_VERSION } from './software-version';

export interface AppDependencies {
  config: AppConfig;
  db: AppDb;
  /**
   * The job queue uploads are put on (main.ts passes the process's one queue, shared with its
   * worker). Without it the app makes its own, started on the first upload and stopped on close.
   */
  jobs?: JobQueue;
  /** Where log lines go instead of stdout (tests read them); logs at `config.logLevel`. */
  logStream?: Writable;
  /**
   * Build the map's model in the background once the app is ready and whenever the data version
   * moves (decision 0041): what a serving process does (main.ts); tests build it on demand.
   */
  warmMapModel?: boolean;
  /**
   * The database reads replicas (DATABASE_REPLICA_URLS): responses carry the data version they
   * were built on in a cookie, so no process answers a browser from older data
   * (docs/decisions/0073-read-replicas.md).
   */
  readReplicas?: boolean;
}

/** JSON bodies are small (cart calls, login); uploads are multipart and have their own limit. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * TRUST_PROXY for Fastify. A list of proxy addresses is Fastify's own option. Fastify 5 refuses a
 * bare hop count (it trusts nothing then), so a count becomes the trust function Express uses:
 * the `hops` entries nearest the server are proxies, and the next one back is the client; safe
 * only when the server cannot be reached without passing those proxies (README).
 */
function fastifyTrustProxy(trust: AppConfig['http']['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the HTTP application. Tests call this and use `inject()`; main.ts also listens. */
export async function buildApp({
  config,
  db,
  jobs,
  logStream,
  warmMapModel = false,
  readReplicas = false,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, logStream),
    trustProxy: fastifyTrustProxy(config.http.trustProxy),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        // react-bootstrap and Leaflet position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from configurable tile servers.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    // The API is also read by scripts on other origins (R, Python); it holds no secrets.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  registerCors(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  // After the cookie parser: which database each statement of a request may read.
  registerReadRouting(app, { versionCookie: readReplicas });
  // After the cookie parser, before any body is read: see plugins/csrf.ts.
  const serverSecret = await loadSessionSecret(db, config);
  const csrf = createCsrfTokens(serverSecret);
  registerCsrfProtection(app, csrf);
  const sessions = createSessionService(db, config.sessions);
  const authenticator = createAuthenticator(sessions);
  registerAuthenticationRequirement(app, authenticator);
  await registerOpenApi(app, { publicUrl: config.publicUrl });

  await app.register(publicConfigRoutes, { config });
  await app.register(termsRoutes, { publicUrl: config.publicUrl });
  await app.register(statisticsRoutes, { statistics: createStatisticsService(db) });
  await app.register(dataSummaryRoutes, { dataSummary: createDataSummaryService(db) });
  const colonies = createColoniesService(db);
  const colonyClusters = createColonyClustersService(colonies, {
    onError: (error) =>
      app.log.warn(
        { err: error },
        'map model: background work failed; requests build what they need',
      ),
  });
  // Filtered lists take their colonies from the map's model (decision 0041), not the feed.
  await app.register(coloniesRoutes, {
    colonies,
    matchingIds: (filters, known) => colonyClusters.matchingIds(filters, known),
  });
  await app.register(colonyClustersRoutes, { colonyClusters });
  if (warmMapModel) {
    let stopWarming = () => {};
    app.addHook('onReady', async () => {
      stopWarming = colonyClusters.warm();
    });
    app.addHook('onClose', async () => stopWarming());
  }
  await app.register(colonyPagesRoutes, {
    colonyPages: createColonyPagesService(db, { publicUrl: config.publicUrl }),
  });
  await app.register(biosamplesRoutes, { biosamples: createBiosamplesService(db, colonies) });
  await app.register(projectsRoutes, { projects: createProjectsService(db) });
  await app.register(speciesRoutes, { species: createSpeciesService(db) });
  await app.register(taxaRoutes, { taxa: createTaxaService(db) });
  await app.register(maxMinRoutes, { thresholds: createThresholdsService(db) });

  const auth = createAuthService({
    db,
    sessions,
    rateLimiter: createLoginRateLimiter(db, config.loginRateLimit),
  });
  await app.register(authRoutes, {
    auth,
    authenticator,
    csrf,
    sessionMaxAgeSeconds: config.sessions.maxAgeSeconds,
  });
  await app.register(orcidSignInRoutes, {
    orcid: createOrcidSignInService({ db, sessions, config: config.orcid, serverSecret }),
    authenticator,
    csrf,
    sessionMaxAgeSeconds: config.sessions.maxAgeSeconds,
  });
  const cart = createCartService(db, { publicUrl: config.publicUrl });
  await app.register(cartRoutes, { cart, authenticator });
  const queue = jobs ?? createJobQueue(db, jobQueueOptions(config, false));
  if (!jobs) app.addHook('onClose', () => queue.stop());
  await app.register(uploadsRoutes, {
    uploads: createUploadsService(db, queue, config.uploads),
    authenticator,
    maxBytes: config.uploads.maxBytes,
  });
  await app.register(datasetsRoutes, {
    datasets: createDatasetsService(db, datasetsServiceOptions(config, queue)),
    authenticator,
  });
  await app.register(datasetCitationRoutes, {
    citations: createDatasetCitationsService(db, {
      publicUrl: config.publicUrl,
      softwareVersion: SOFTWARE_VERSION,
    }),
    authenticator,
  });

  const sources = createDownloadSources(db, {
    publicUrl: config.publicUrl,
    colonies,
    matchingIds: (filters, known) => colonyClusters.matchingIds(filters, known),
    cart,
  });
  const writer = createDownloadWriter(db, {
    publicUrl: config.publicUrl,
    softwareVersion: SOFTWARE_VERSION,
  });
  const snapshots = createSnapshotsService(db, {
    publicUrl: config.publicUrl,
    sources,
    writer,
    maxPerUserPerHour: config.downloads.maxSnapshotsPerUserPerHour,
  });
  const downloadDependencies = {
    writer,
    authenticator,
    anonymousLimiter: createRequestRateLimiter(db, {
      prefix: 'download:ip:',
      windowSeconds: config.downloads.windowSeconds,
      maxPerWindow: config.downloads.maxAnonymousPerWindow,
    }),
  };
  await app.register(downloadsRoutes, { sources, ...downloadDependencies });
  await app.register(compareRoutes, {
    compare: createCompareService(db, { sources }),
    authenticator,
  });
  await app.register(snapshotsRoutes, { snapshots, ...downloadDependencies });

  await app.register(oaiPmhRoutes, {
    oai: createOaiPmhService(db, {
      publicUrl: config.publicUrl,
      contactEmail: config.links.contactEmail,
      softwareVersion: SOFTWARE_VERSION,
      pageSize: config.oaiPageSize,
    }),
  });

  const discovery = createDiscoveryService(db, { publicUrl: config.publicUrl });
  await app.register(discoveryRoutes, { discovery });

  await registerWebApp(app, config.webDistDir, {
    headFor: (pathname) => discovery.headFor(pathname),
  });
  return app;
}

/** What the datasets service needs from the deployment: its address and the job queue. */
export function datasetsServiceOptions(config: AppConfig, queue: JobQueue): DatasetsServiceOptions {
  return {
    publicUrl: config.publicUrl,
    jobs: {
      start: () => queue.start(),
      scheduleEmbargoRelease: (trx, datasetId, date) =>
        scheduleEmbargoRelease(queue, trx, datasetId, date),
      // DOIs only when DataCite settings are given (README, "Configuration").
      ...(config.datacite
        ? {
            registerDoi: (trx: AppDb, datasetId: number, version: number) =>
              queueDoiRegistration(queue, trx, datasetId, version),
          }
        : {}),
    },
  };
}
