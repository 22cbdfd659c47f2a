import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), about
 * 0.1 s per hash here. The parameters travel inside each PHC hash string, so raising them later
 * keeps old hashes verifiable.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, not importable with isolatedModules)
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;

/** Why a new password is refused, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'The password is empty.';
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password is too short: use at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (password.trim() === '') return 'The password must not be only spaces.';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, made once: unknown users are checked against it. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(32).toString('hex')));

/**
 * Checks a password against a stored hash. Without a stored hash (unknown user, account without
 * a password) it still runs one argon2 verification against a dummy hash, so the answer and its
 * timing do not tell whether the account exists.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  const target = storedHash ?? (await getDummyHash());
  let matches: boolean;
  try {
    matches = await verify(target, password);
  } catch {
    matches = false; // a malformed stored hash never matches
  }
  return storedHash !== null && matches;
}
