import path from 'node:path';
import { dataCiteConfig, type DataCiteConfig } from './datacite';
import { ConfigError } from './config-error';
import { parseEnvironment } from './environment';
import { loginRateLimitConfig, type LoginRateLimit } from './login-limits';
import { orcidConfig, type OrcidConfig } from './orcid';
import type { TrustProxy } from './proxies';
import { readRootPackage, repoRoot, repositoryWebUrl } from './repository';

export type Role = 'all' | 'api' | 'worker';

/** The server's settings, read once at start from the environment (environment.ts). */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  http: {
    port: number;
    host: string;
    trustProxy: TrustProxy;
  };
  /** Where readers reach the platform, without a trailing slash (citations, DOI targets). */
  publicUrl: string;
  ed50: { port: number; calculatorUrl: string | null };
  role: Role;
  dataDir: string;
  /**
   * `replicaUrls`: streaming replicas for public reads (decision 0073); empty when none are
   * configured, and unused by the embedded database (main.ts says so at start).
   */
  database: { url: string | undefined; replicaUrls: readonly string[] };
  /** Key for the CSRF tokens; when unset (development, tests) one is generated per database. */
  sessionSecret: string | undefined;
  sessions: { idleTimeoutSeconds: number; maxAgeSeconds: number };
  /** Login throttling (decision 0003, docs/auth-and-cart.md). */
  loginRateLimit: LoginRateLimit;
  /** Open downloads and citable snapshots (docs/downloads.md). */
  downloads: {
    windowSeconds: number;
    maxAnonymousPerWindow: number;
    maxSnapshotsPerUserPerHour: number;
  };
  tiles: { street: string; satellite: string };
  /** WoRMS' REST API without a trailing slash; null: never asked (decision 0049). */
  wormsApiUrl: string | null;
  /** From this many public colonies on, the map's markers come from the server (decision 0039). */
  map: { serverClusteringFrom: number };
  /** DOI registration at DataCite; null (the default) when its settings are not given. */
  datacite: DataCiteConfig | null;
  orcid: OrcidConfig | null;
  uploads: {
    maxBytes: number;
    /** Where uploaded files are kept (DATA_DIR/uploads), content-addressed by SHA-256. */
    storageDir: string;
    jobRetryLimit: number;
    jobRetryDelaySeconds: number;
    jobTimeoutSeconds: number;
    workerPollSeconds: number;
    refitMaxColonies: number;
    checkMaxHeapMb: number;
  };
  links: {
    accountRequestForm: string;
    aboutUs: string;
    getHelp: string;
    /** Where the source code is; null when neither the setting nor package.json names a place. */
    sourceRepository: string | null;
    contactEmail: string;
  };
  webDistDir: string;
  seedOnStart: boolean;
  seedFile: string;
  logLevel: string;
  /** Requests taking at least this long are logged at warn. */
  slowRequestMs: number;
  /** Records per page of an OAI-PMH list; the rest follows a resumption token. */
  oaiPageSize: number;
  /** Where relative paths given on the command line start from. */
  invocationDir: string;
}

/**
 * The only reader of process.env (architecture.test.ts): parsed once at start, every problem
 * reported at once. `rootPackage`: the parsed root package.json, whose `repository` is the
 * default source repository (tests pass their own).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  rootPackage: unknown = readRootPackage(),
): AppConfig {
  const e = parseEnvironment(env);
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    );
  }
  const loginRateLimit = loginRateLimitConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const sourceRepository =
    e.SOURCE_REPOSITORY_URL?.replace(/\/+$/, '') ?? repositoryWebUrl(rootPackage);
  return Object.freeze({
    env: e.NODE_ENV,
    http: { port: e.PORT, host: e.HOST, trustProxy: e.TRUST_PROXY },
    publicUrl,
    ed50: { port: e.ED50_PORT, calculatorUrl: e.ED50_CALCULATOR_URL ?? null },
    role: e.ROLE,
    dataDir: path.resolve(e.DATA_DIR),
    database: { url: e.DATABASE_URL, replicaUrls: e.DATABASE_REPLICA_URLS },
    sessionSecret: e.SESSION_SECRET,
    sessions: {
      idleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    },
    loginRateLimit,
    downloads: {
      windowSeconds: e.DOWNLOAD_RATE_LIMIT_WINDOW_SECONDS,
      maxAnonymousPerWindow: e.DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW,
      maxSnapshotsPerUserPerHour: e.SNAPSHOT_MAX_PER_USER_PER_HOUR,
    },
    tiles: { street: e.TILE_STREET_URL, satellite: e.TILE_SATELLITE_URL },
    wormsApiUrl: e.WORMS_API_URL === 'off' ? null : e.WORMS_API_URL.replace(/\/+$/, ''),
    map: { serverClusteringFrom: e.MAP_SERVER_CLUSTERING_FROM },
    datacite: dataCiteConfig(e),
    orcid: orcidConfig(e, publicUrl),
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      storageDir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
      jobRetryLimit: e.UPLOAD_JOB_RETRY_LIMIT,
      jobRetryDelaySeconds: e.UPLOAD_JOB_RETRY_DELAY_SECONDS,
      jobTimeoutSeconds: e.UPLOAD_JOB_TIMEOUT_SECONDS,
      workerPollSeconds: e.UPLOAD_WORKER_POLL_SECONDS,
      refitMaxColonies: e.UPLOAD_REFIT_MAX_COLONIES,
      checkMaxHeapMb: e.UPLOAD_CHECK_MAX_HEAP_MB,
    },
    links: {
      // Without a configured form, a mail to the contact address still reaches someone who can
      // grant the account; a deployment should configure its form (README, decision 0016).
      accountRequestForm:
        e.ACCOUNT_REQUEST_URL ??
        `mailto:${e.CONTACT_EMAIL}?subject=${encodeURIComponent('Account request')}`,
      aboutUs: e.ABOUT_URL,
      // Without a repository (and so without its issue tracker), help is the contact address.
      getHelp:
        e.HELP_URL ??
        (sourceRepository
          ? `${sourceRepository}/issues`
          : `mailto:${e.CONTACT_EMAIL}?subject=${encodeURIComponent('Help')}`),
      sourceRepository,
      contactEmail: e.CONTACT_EMAIL,
    },
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    seedOnStart: e.SEED === 'true',
    seedFile: path.resolve(
      e.SEED_FILE ?? path.join(repoRoot, 'fixtures/seed/coralfuture-public.json'),
    ),
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    oaiPageSize: e.OAI_PAGE_SIZE,
    invocationDir: path.resolve(e.INIT_CWD ?? '.'),
  });
}
