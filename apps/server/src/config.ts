import fs from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { orcidConfig, type OrcidConfig } from './orcid-settings';

/**
 * The only reader of process.env. Parsed once at start; every problem is reported at once.
 * The variables are the runtime contract of docs/architecture.md and the README.
 */

// src/config.ts and the bundled dist/main.js sit at the same depth under apps/server.
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalHttpUrl = z.preprocess(
  emptyAsUndefined,
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
);
const port = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(fallback));
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(fallback));

/**
 * Failed logins of a username from an address are forgotten this long after the last one (so a
 * guesser who waits out the longest back-off still finds it there). Not configurable: the longest
 * back-off must stay below it.
 */
export const LOGIN_BACKOFF_MEMORY_SECONDS = 24 * 60 * 60;

const ZEnv = z.object({
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
  ROLE: z.preprocess(emptyAsUndefined, z.enum(['all', 'api', 'worker']).default('all')),
  SESSION_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  /** A session unused for this long ends (sliding). Default: 1 day. */
  SESSION_IDLE_TIMEOUT_SECONDS: positiveInt(24 * 60 * 60),
  /** A session ends this long after login, however active. Default: 14 days. */
  SESSION_MAX_AGE_SECONDS: positiveInt(14 * 24 * 60 * 60),
  /** Failed logins are counted per client address over this window. Default: 15 min. */
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  /** Failed logins one address may make per window (any usernames); then 429 until it ends. */
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(100),
  /** Removed (it locked a username for everyone, its owner included): refused, not ignored. */
  LOGIN_MAX_FAILURES_PER_USERNAME: z.preprocess(
    emptyAsUndefined,
    z.undefined({
      error:
        'is no longer supported: a username is no longer locked for everyone after failed logins; ' +
        'failures of one username from one address are slowed down instead ' +
        '(LOGIN_BACKOFF_FREE_FAILURES, LOGIN_BACKOFF_START_SECONDS, LOGIN_BACKOFF_MAX_SECONDS). ' +
        'Remove the variable',
    }),
  ),
  /** Failed logins of one username from one address that cost no wait. */
  LOGIN_BACKOFF_FREE_FAILURES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(100).default(3),
  ),
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  LOGIN_BACKOFF_START_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(LOGIN_BACKOFF_MEMORY_SECONDS).default(1),
  ),
  /** The longest wait (the doubling stops there). Default: 15 min. */
  LOGIN_BACKOFF_MAX_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(LOGIN_BACKOFF_MEMORY_SECONDS, {
        error: `must be at most ${LOGIN_BACKOFF_MEMORY_SECONDS} (a day: failures are forgotten a day after the last one)`,
      })
      .default(15 * 60),
  ),
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
   * clear reason instead of taking the server's memory (issue 17).
   */
  UPLOAD_CHECK_MAX_HEAP_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(128).default(1024),
  ),
  /** DataCite REST API (DOI registration); the test API unless a production one is given. */
  DATACITE_API_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.test.datacite.org'),
  ),
  /** The DataCite repository account (e.g. ABC.CORALS); with its password and prefix, DOIs are registered. */
  DATACITE_REPOSITORY_ID: optionalString,
  DATACITE_PASSWORD: optionalString,
  DATACITE_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^10\.\d{4,9}$/, 'must be a DOI prefix such as 10.12345')
      .optional(),
  ),
  /** "Sign in with ORCID" (decision 0029): on with a client id and secret; issuer orcid.org. */
  ORCID_ISSUER: optionalHttpUrl,
  ORCID_CLIENT_ID: optionalString,
  ORCID_CLIENT_SECRET: optionalString,
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
  /** Requests slower than this are logged at warn with their duration (issue 16). */
  SLOW_REQUEST_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1000)),
  /** Which X-Forwarded-For hops to believe (client address, TLS): see trustedProxies(). */
  TRUST_PROXY: z
    .preprocess(emptyAsUndefined, z.string().default('false'))
    .transform((value, ctx) => {
      const parsed = trustedProxies(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const TRUST_PROXY_CHOICES =
  'set false (no proxy), the number of proxies in front of the server (e.g. 1), ' +
  'or their addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8,192.168.1.2)';

/**
 * TRUST_PROXY: `false` (believe no X-Forwarded-* header), a hop count (believe that many proxies
 * in front of the server: the client address is the entry that many hops back) or a list of
 * proxy addresses / CIDR ranges (believe only hops from them). `true` is refused: believing
 * every hop lets any client choose its own address by sending X-Forwarded-For, and so escape
 * every per-address limit. Returns the problem as a string when the value is not valid.
 */
export function trustedProxies(value: string): AppConfig['http']['trustProxy'] | string {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    return `true is refused: it lets any client choose its own address with X-Forwarded-For (and so escape the login limits); ${TRUST_PROXY_CHOICES}`;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100
      ? hops
      : `${text} proxies is not a plausible hop count; ${TRUST_PROXY_CHOICES}`;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return `${invalid.map((entry) => `"${entry}"`).join(', ')} is not an IP address or CIDR range; ${TRUST_PROXY_CHOICES}`;
  }
  return entries;
}

export type Role = 'all' | 'api' | 'worker';

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  http: {
    port: number;
    host: string;
    /** false: no proxy; a number: that many proxy hops; a list: the proxies' addresses/CIDRs. */
    trustProxy: false | number | string[];
  };
  /** Where readers reach the platform, without a trailing slash (citations, DOI targets). */
  publicUrl: string;
  ed50: { port: number; calculatorUrl: string | null };
  role: Role;
  dataDir: string;
  database: { url: string | undefined };
  /** Key for the CSRF tokens; when unset (development, tests) one is generated per database. */
  sessionSecret: string | undefined;
  sessions: { idleTimeoutSeconds: number; maxAgeSeconds: number };
  /** Login throttling (decision 0003, docs/auth-and-cart.md). */
  loginRateLimit: {
    /** Failed logins per client address: at most maxFailuresPerIp per window. */
    windowSeconds: number;
    maxFailuresPerIp: number;
    /** Failed logins per (username, address): an exponential back-off, never a lock. */
    backoff: LoginBackoff;
  };
  /** Open downloads and citable snapshots (docs/downloads.md). */
  downloads: {
    windowSeconds: number;
    maxAnonymousPerWindow: number;
    maxSnapshotsPerUserPerHour: number;
  };
  tiles: { street: string; satellite: string };
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
  /** Where relative paths given on the command line start from. */
  invocationDir: string;
}

export interface LoginBackoff {
  freeFailures: number;
  startSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the last one. */
  memorySeconds: number;
}

export interface DataCiteConfig {
  apiUrl: string;
  repositoryId: string;
  password: string;
  /** DOIs are `<prefix>/coral.<dataset>.v<version>`. */
  prefix: string;
}

export class ConfigError extends Error {}

const DATACITE_SETTINGS = [
  'DATACITE_REPOSITORY_ID',
  'DATACITE_PASSWORD',
  'DATACITE_PREFIX',
] as const;

/** All three DataCite settings, or none: a half-configured registration would fail on every publish. */
function dataCiteConfig(e: z.output<typeof ZEnv>): DataCiteConfig | null {
  const given = DATACITE_SETTINGS.filter((name) => e[name] !== undefined);
  if (given.length === 0) return null;
  if (given.length < DATACITE_SETTINGS.length) {
    const missing = DATACITE_SETTINGS.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: DOI registration needs ${DATACITE_SETTINGS.join(', ')}; ` +
        `missing ${missing.join(', ')} (or unset ${given.join(', ')} to register no DOIs)`,
    );
  }
  return {
    apiUrl: e.DATACITE_API_URL.replace(/\/+$/, ''),
    repositoryId: e.DATACITE_REPOSITORY_ID!,
    password: e.DATACITE_PASSWORD!,
    prefix: e.DATACITE_PREFIX!,
  };
}

/**
 * The web address of a package.json `repository` field, in any form npm accepts: a URL, a
 * `git+https://….git` clone URL, `git@host:owner/name.git`, or `github:owner/name` and
 * `owner/name` shorthands; null without the field. A value that names no web address is refused
 * (the server would otherwise link the footer to nowhere).
 */
export function repositoryWebUrl(rootPackage: unknown): string | null {
  const field = (rootPackage as { repository?: unknown } | undefined)?.repository;
  if (field === undefined || field === null) return null;
  const given = typeof field === 'object' ? (field as { url?: unknown }).url : (field as unknown);
  if (typeof given !== 'string' || given.trim() === '') {
    throw new ConfigError(
      'Invalid configuration: package.json repository must be a URL or have a "url"',
    );
  }
  const value = given.trim();
  const hosted = /^(github|gitlab|bitbucket):([\w.-]+\/[\w.-]+)$/.exec(value);
  const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' };
  const url = hosted
    ? `https://${host[hosted[1] as keyof typeof host]}/${hosted[2]}`
    : /^[\w.-]+\/[\w.-]+$/.test(value)
      ? `https://github.com/${value}`
      : value
          .replace(/^git\+/, '')
          .replace(/^git@([^:]+):/, 'https://$1/')
          .replace(/^(git|ssh):\/\/(git@)?/, 'https://');
  const web = url.replace(/\.git$/, '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+\/\S+$/.test(web)) {
    throw new ConfigError(
      `Invalid configuration: package.json repository "${value}" names no web address`,
    );
  }
  return web;
}

/** The root package.json (this project's name, version and repository); undefined if absent. */
export function readRootPackage(): unknown {
  const file = path.join(repoRoot, 'package.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

/**
 * `rootPackage`: the parsed root package.json, whose `repository` is the default source
 * repository (tests pass their own).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  rootPackage: unknown = readRootPackage(),
): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production',
    );
  }
  if (e.LOGIN_BACKOFF_START_SECONDS > e.LOGIN_BACKOFF_MAX_SECONDS) {
    throw new ConfigError(
      `Invalid configuration: LOGIN_BACKOFF_START_SECONDS (${e.LOGIN_BACKOFF_START_SECONDS}) ` +
        `must not exceed LOGIN_BACKOFF_MAX_SECONDS (${e.LOGIN_BACKOFF_MAX_SECONDS})`,
    );
  }
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
    database: { url: e.DATABASE_URL },
    sessionSecret: e.SESSION_SECRET,
    sessions: {
      idleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT_SECONDS,
      maxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    },
    loginRateLimit: {
      windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      backoff: {
        freeFailures: e.LOGIN_BACKOFF_FREE_FAILURES,
        startSeconds: e.LOGIN_BACKOFF_START_SECONDS,
        maxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
        memorySeconds: LOGIN_BACKOFF_MEMORY_SECONDS,
      },
    },
    downloads: {
      windowSeconds: e.DOWNLOAD_RATE_LIMIT_WINDOW_SECONDS,
      maxAnonymousPerWindow: e.DOWNLOAD_MAX_ANONYMOUS_PER_WINDOW,
      maxSnapshotsPerUserPerHour: e.SNAPSHOT_MAX_PER_USER_PER_HOUR,
    },
    tiles: { street: e.TILE_STREET_URL, satellite: e.TILE_SATELLITE_URL },
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
    invocationDir: path.resolve(e.INIT_CWD ?? '.'),
  });
}
