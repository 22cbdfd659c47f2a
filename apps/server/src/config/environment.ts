import { z } from 'zod';
import { ConfigError } from './config-error';
import { DataCiteVariables } from './datacite';
import { LoginLimitVariables } from './login-limits';
import { OrcidVariables } from './orcid';
import { ProxyVariables } from './proxies';
import {
  emptyAsUndefined,
  httpUrl,
  optionalHttpUrl,
  optionalString,
  port,
  positiveInt,
} from './variables';

/**
 * Every environment variable the server reads, with its parser and default (the runtime contract
 * of the README's configuration table). A group of variables that are checked together (login
 * limits, DataCite, ORCID, proxies) is declared in its own module and joined here.
 */
const GeneralVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(8000),
  /**
   * Where readers reach the platform (scheme, host, port, path prefix): dataset citations and
   * DOIs point at pages under it. Default: http://localhost:PORT.
   */
  PUBLIC_URL: optionalHttpUrl,
  HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /**
   * Streaming replicas of DATABASE_URL's server, comma-separated: anonymous public reads are
   * served from them (docs/decisions/0073-read-replicas.md). Ignored by the embedded database.
   */
  DATABASE_REPLICA_URLS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((url) => url.trim())
          .filter((url) => url !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^postgres(ql)?:\/\//, 'each must be a postgres:// or postgresql:// URL'),
        ),
      )
      .default([]),
  ),
  ROLE: z.preprocess(emptyAsUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  /** A session unused for this long ends (sliding). Default: 1 day. */
  SESSION_IDLE_TIMEOUT_SECONDS: positiveInt(24 * 60 * 60),
  /** A session ends this long after login, however active. Default: 14 days. */
  SESSION_MAX_AGE_SECONDS: positiveInt(14 * 24 * 60 * 60),
  /** Data downloads an anonymous client address may start per window (docs/downloads.md). */
  DOWNLOAD_RATE_LIMIT_WINDOW_SECONDS: positiveInt(10 * 60),
  DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW: positiveInt(60),
  SNAPSHOT_MAX_PER_USER_PER_HOUR: positiveInt(30),
  ED50_CALCULATOR_URL: optionalString,
  ED50_PORT: port(3838),
  TILE_STREET_URL: z.preprocess(
    emptyAsUndefined,
    z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  TILE_SATELLITE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(
        'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      ),
  ),
  UPLOAD_MAX_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
  ),
  /** From this many public colonies on, the map asks the server for its markers; 0: always. */
  MAP_SERVER_CLUSTERING_FROM: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(20_000),
  ),
  /** Attempts of an upload job after the first one when it fails unexpectedly (not bad data). */
  UPLOAD_JOB_RETRY_LIMIT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(20).default(3),
  ),
  /** Seconds before an unexpectedly failed upload job is retried (doubling each time). */
  UPLOAD_JOB_RETRY_DELAY_SECONDS: positiveInt(10),
  /** An upload job running longer than this counts as dead (worker killed) and is retried. */
  UPLOAD_JOB_TIMEOUT_SECONDS: positiveInt(15 * 60),
  /** How often an idle worker looks for queued uploads (a worker in the same process is woken at once). */
  UPLOAD_WORKER_POLL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().min(0.5).max(600).default(2),
  ),
  /** Colonies refitted with the ED engine per upload at most (quality check; larger files are sampled). */
  UPLOAD_REFIT_MAX_COLONIES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(1000),
  ),
  /**
   * Heap (MB) of the worker thread that checks an upload: a file that needs more fails with a
   * clear reason instead of taking the server's memory (decision 0028).
   */
  UPLOAD_CHECK_MAX_HEAP_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(128).default(1024),
  ),
  /**
   * The external account request form behind Home's and Login's request buttons (product-spec
   * §2 and §6: accounts are granted by request through an external form). A form is a web page,
   * so only http(s) is accepted; unset, the buttons fall back to a mail to CONTACT_EMAIL
   * (decision 0016).
   */
  ACCOUNT_REQUEST_URL: optionalHttpUrl,
  ABOUT_URL: z.preprocess(emptyAsUndefined, z.string().default('https://coralfuture.org')),
  HELP_URL: optionalString,
  /** Overrides the `repository` of the root package.json (the default: this project's own). */
  SOURCE_REPOSITORY_URL: optionalHttpUrl,
  CONTACT_EMAIL: z.preprocess(emptyAsUndefined, z.string().default('coralfuture@kaust.edu.sa')),
  WEB_DIST_DIR: optionalString,
  SEED: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')),
  SEED_FILE: optionalString,
  /** Set by npm: the directory `npm run` was typed in (the CLI resolves paths from it). */
  INIT_CWD: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /**
   * The WoRMS REST API species names are matched against (docs/decisions/0049-taxon-matching.md);
   * `off`: never asked (a deployment without internet matches against an export loaded with
   * `npm run cli -- taxa:import`).
   */
  WORMS_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .union([z.literal('off'), httpUrl()], { error: 'must be an http:// or https:// URL, or off' })
      .default('https://www.marinespecies.org/rest'),
  ),
  /** Requests slower than this are logged at warn with their duration (decision 0024). */
  /** Records per page of an OAI-PMH list (docs/decisions/0053-harvest-and-discovery.md). */
  OAI_PAGE_SIZE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1000).default(100),
  ),
  SLOW_REQUEST_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1000)),
});

const Environment = z.object({
  ...GeneralVariables.shape,
  ...LoginLimitVariables.shape,
  ...DataCiteVariables.shape,
  ...OrcidVariables.shape,
  ...ProxyVariables.shape,
});

export type Environment = z.output<typeof Environment>;

/** The variables parsed and defaulted; every invalid one is reported at once. */
export function parseEnvironment(env: Readonly<Record<string, string | undefined>>): Environment {
  const parsed = Environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}
