import { z } from 'zod';
import { ConfigError } from './config-error';
import { emptyAsUndefined, positiveInt } from './variables';

/**
 * Failed logins of a username from an address are forgotten this long after the last one (so a
 * guesser who waits out the longest back-off still finds it there). Not configurable: the longest
 * back-off must stay below it.
 */
export const LOGIN_BACKOFF_MEMORY_SECONDS = 24 * 60 * 60;

/** Login throttling (decision 0003, docs/auth-and-cart.md). */
export const LoginLimitVariables = z.object({
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
});

export interface LoginBackoff {
  freeFailures: number;
  startSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the last one. */
  memorySeconds: number;
}

export interface LoginRateLimit {
  /** Failed logins per client address: at most maxFailuresPerIp per window. */
  windowSeconds: number;
  maxFailuresPerIp: number;
  /** Failed logins per (username, address): an exponential back-off, never a lock. */
  backoff: LoginBackoff;
}

export function loginRateLimitConfig(e: z.output<typeof LoginLimitVariables>): LoginRateLimit {
  if (e.LOGIN_BACKOFF_START_SECONDS > e.LOGIN_BACKOFF_MAX_SECONDS) {
    throw new ConfigError(
      `Invalid configuration: LOGIN_BACKOFF_START_SECONDS (${e.LOGIN_BACKOFF_START_SECONDS}) ` +
        `must not exceed LOGIN_BACKOFF_MAX_SECONDS (${e.LOGIN_BACKOFF_MAX_SECONDS})`,
    );
  }
  return {
    windowSeconds: e.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
    maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    backoff: {
      freeFailures: e.LOGIN_BACKOFF_FREE_FAILURES,
      startSeconds: e.LOGIN_BACKOFF_START_SECONDS,
      maxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
      memorySeconds: LOGIN_BACKOFF_MEMORY_SECONDS,
    },
  };
}
