import crypto from 'node:crypto';
import type { AppConfig } from '../../config';
import type { AppDb } from '../../db/schema';
import { serverSecretsRepository } from './server-secrets.repository';

/**
 * The key CSRF tokens are signed with: SESSION_SECRET (required in production), else a random
 * key generated once and kept in the database, so it survives restarts and every process on the
 * database shares it (development, tests, a laptop install).
 */
export async function loadSessionSecret(db: AppDb, config: AppConfig): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  return serverSecretsRepository.getOrCreate(
    db,
    'session_secret',
    crypto.randomBytes(32).toString('hex'),
  );
}
