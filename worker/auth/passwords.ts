import { base64url, constantTimeEqual, fromBase64url } from './crypto';

/**
 * workerd refuses PBKDF2 with more than 100 000 iterations (a NotSupportedError), so this is both
 * the target and the ceiling. The count is stored beside each hash so that a future runtime limit
 * can be met by rehashing at the next sign-in.
 */
export const PBKDF2_ITERATIONS = 100_000;
export const PASSWORD_ALGORITHM = 'PBKDF2-SHA256';

const encoder = new TextEncoder();

export interface PasswordHash {
  algorithm: string;
  iterations: number;
  salt: string;
  hash: string;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    256,
  );
  return base64url(new Uint8Array(bits));
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return {
    algorithm: PASSWORD_ALGORITHM,
    iterations: PBKDF2_ITERATIONS,
    salt: base64url(salt),
    hash: await derive(password, salt, PBKDF2_ITERATIONS),
  };
}

// Derived against when the account does not exist (or has no password), so that an unknown name
// costs the same PBKDF2 work as a known one and timing does not tell which names exist.
const DUMMY: PasswordHash = {
  algorithm: PASSWORD_ALGORITHM,
  iterations: PBKDF2_ITERATIONS,
  salt: 'c2lnbi1pbi10aW1pbmctcGFk',
  hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
};

/** True when `password` matches `stored`; with no stored hash it does the same work and says false. */
export async function verifyPassword(
  password: string,
  stored: PasswordHash | null | undefined,
): Promise<boolean> {
  const target = stored && stored.algorithm === PASSWORD_ALGORITHM ? stored : DUMMY;
  let derived: string;
  try {
    derived = await derive(password, fromBase64url(target.salt), target.iterations);
  } catch {
    return false;
  }
  return target !== DUMMY && constantTimeEqual(derived, target.hash);
}

/** A hash made with fewer iterations than today's is replaced after a successful sign-in. */
export const needsRehash = (stored: PasswordHash) =>
  stored.algorithm !== PASSWORD_ALGORITHM || stored.iterations !== PBKDF2_ITERATIONS;
