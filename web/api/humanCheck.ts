import { ApiError, api } from './client';
import type { Health } from '../../contract/health';

// The human check is Cloudflare Turnstile (DESIGN.md "Accounts and security"). The server says in
// /api/health whether it verifies tokens and with which site key; local development runs with it off,
// and then an empty token is sent. Each token is single-use, so every call renders a fresh widget.

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
/** Long enough for a person to solve an interactive challenge. */
const TOKEN_TIMEOUT_MS = 60_000;

interface TurnstileOptions {
  sitekey: string;
  action?: string;
  appearance?: 'always' | 'execute' | 'interaction-only';
  callback?: (token: string) => void;
  'error-callback'?: (code: string) => void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
}

interface Turnstile {
  render: (container: HTMLElement, options: TurnstileOptions) => string | undefined;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

interface HumanCheckConfig {
  on: boolean;
  siteKey: string;
}

let config: Promise<HumanCheckConfig> | null = null;
let script: Promise<Turnstile> | null = null;

const toConfig = (fields: Pick<Health, 'humanCheck' | 'turnstileSiteKey'>): HumanCheckConfig => ({
  on: fields.humanCheck === 'on',
  siteKey: fields.turnstileSiteKey ?? '',
});

/**
 * Takes the human-check fields another answer carried (the session probe's, for a visitor without a
 * session), so the next token needs no GET /api/health first.
 */
export function rememberHumanCheck(humanCheck: Health['humanCheck'], turnstileSiteKey?: string): void {
  config = Promise.resolve(toConfig({ humanCheck, turnstileSiteKey }));
}

function readConfig(): Promise<HumanCheckConfig> {
  if (!config) {
    config = api<Health>('/health')
      // A degraded service answers 503 with the same body: the human-check fields are still in it.
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.body && typeof error.body === 'object')
          return error.body as Health;
        throw error;
      })
      .then(toConfig)
      .catch((error: unknown) => {
        config = null; // asked again next time
        throw error;
      });
  }
  return config;
}

function loadScript(): Promise<Turnstile> {
  if (!script) {
    script = new Promise<Turnstile>((resolve, reject) => {
      if (window.turnstile) {
        resolve(window.turnstile);
        return;
      }
      const element = document.createElement('script');
      element.src = SCRIPT_URL;
      element.async = true;
      element.onload = () =>
        window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load'));
      element.onerror = () => {
        element.remove();
        reject(new Error('Turnstile could not be loaded'));
      };
      document.head.append(element);
    }).catch((error: unknown) => {
      script = null; // a retry loads it again
      throw error;
    });
  }
  return script;
}

/** One widget, shown only when Cloudflare wants the visitor to interact, removed once it answered. */
function solve(turnstile: Turnstile, siteKey: string, action: string): Promise<string> {
  const container = document.createElement('div');
  container.className = 'human-check';
  document.body.append(container);
  let widgetId: string | undefined;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Human check timed out')), TOKEN_TIMEOUT_MS);
    const fail = (reason: string) => () => {
      clearTimeout(timer);
      reject(new Error(`Human check failed: ${reason}`));
    };
    widgetId = turnstile.render(container, {
      sitekey: siteKey,
      action,
      appearance: 'interaction-only',
      callback: (token) => {
        clearTimeout(timer);
        resolve(token);
      },
      'error-callback': (code) => fail(code)(),
      'expired-callback': fail('expired'),
      'timeout-callback': fail('timeout'),
    });
  }).finally(() => {
    if (widgetId) turnstile.remove(widgetId);
    container.remove();
  });
}

/**
 * A token for the `X-Recaptcha-Token` header of the given action ("register"), or '' when the server
 * does not check. Throws when the check is on and no token could be had (the caller retries).
 */
export async function humanCheckToken(action: string): Promise<string> {
  const { on, siteKey } = await readConfig();
  if (!on) return '';
  if (!siteKey) throw new Error('The server did not say which Turnstile site key to use');
  return solve(await loadScript(), siteKey, action);
}
