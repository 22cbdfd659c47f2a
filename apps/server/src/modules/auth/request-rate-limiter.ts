import type { AppDb } from '../../db/schema';
import { rateLimitsRepository as repo } from './rate-limits.repository';

export interface RequestRateLimit {
  /** Counter names start with it (one limiter per prefix). */
  prefix: string;
  windowSeconds: number;
  maxPerWindow: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A fixed-window count of requests per key (e.g. a client address) in the database, so the limit
 * holds across server processes. Every request counts, allowed or not, so a client hammering the
 * limit does not get through at the start of each window faster than the window allows.
 */
export function createRequestRateLimiter(db: AppDb, limit: RequestRateLimit) {
  return {
    async hit(key: string): Promise<RateDecision> {
      await repo.deleteEnded(db, limit.prefix, limit.windowSeconds);
      const [hit] = await repo.hit(db, [`${limit.prefix}${key}`], limit.windowSeconds);
      if (!hit || hit.hits <= limit.maxPerWindow) return { allowed: true };
      return { allowed: false, retryAfterSeconds: hit.retry_after };
    },
  };
}
export type RequestRateLimiter = ReturnType<typeof createRequestRateLimiter>;
