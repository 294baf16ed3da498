import type { Env } from '../env';
import { AppError } from './errors';

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function humanCheckEnabled(env: Env): boolean {
  // Only local development may switch the check off; production always verifies.
  return !(env.HUMAN_CHECK === 'off' && env.ENVIRONMENT === 'development');
}

/** Verifies a Turnstile token with Cloudflare; refuses with 403 `human-check-failed`. */
export async function verifyHuman(env: Env, token: string | undefined, action: string, ip?: string) {
  if (!humanCheckEnabled(env)) return;
  if (!token || !env.TURNSTILE_SECRET) throw new AppError(403, 'human-check-failed');
  const form = new FormData();
  form.append('secret', env.TURNSTILE_SECRET);
  form.append('response', token);
  if (ip) form.append('remoteip', ip);
  let outcome: { success?: boolean; action?: string };
  try {
    const response = await fetch(SITEVERIFY, { method: 'POST', body: form });
    outcome = (await response.json()) as typeof outcome;
  } catch {
    throw new AppError(503, 'human-check-unavailable');
  }
  if (!outcome.success || (outcome.action && outcome.action !== action))
    throw new AppError(403, 'human-check-failed');
}
