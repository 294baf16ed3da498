import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client reads the language from i18n, which needs a browser; only `language` and `t` are used.
vi.mock('../../web/i18n', () => ({ default: { language: 'en-US', t: (key: string) => key } }));

const { api, ApiError } = await import('../../web/api/client');
const { freshLiveUrl } = await import('../../web/api/live');

// The server, from the client's point of view: fetch answers from a script the test controls.
const BASE = 'http://yamb.test';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () => json(401, { message: 'You need to sign in', key: 'unauthorized' });

interface Call {
  path: string;
  method: string;
  body: string;
}

/** A fake server: `renewed` turns true once a refresh succeeds, and protected paths answer 401 until then. */
function server(options: { refreshOk: boolean; refreshDelayMs?: number; alwaysUnauthorized?: boolean }) {
  const calls: Call[] = [];
  let renewed = false;
  const fetchMock = vi.fn(async (input: Request) => {
    const { pathname } = new URL(input.url);
    calls.push({ path: pathname, method: input.method, body: await input.text() });
    if (pathname === '/api/auth/refresh') {
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 10));
      if (!options.refreshOk) return unauthorized();
      renewed = true;
      return json(200, { id: 1 });
    }
    if (!renewed || options.alwaysUnauthorized) return unauthorized();
    return json(200, { path: pathname });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    refreshCalls: () => calls.filter((call) => call.path === '/api/auth/refresh').length,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token refresh queue', () => {
  it('refreshes once for many concurrent 401s and replays every request', async () => {
    const fake = server({ refreshOk: true });
    const paths = Array.from({ length: 6 }, (_, i) => `/api/things/${i}`);

    const results = await Promise.all(paths.map((path) => api<{ path: string }>(`${BASE}${path}`)));

    expect(results.map((result) => result.path)).toEqual(paths);
    expect(fake.refreshCalls()).toBe(1);
    for (const path of paths) expect(fake.callsTo(path)).toHaveLength(2);
  });

  it('replays a request with its body intact', async () => {
    const fake = server({ refreshOk: true });

    await api(`${BASE}/api/players/1/username`, { method: 'PUT', body: { username: 'marko' } });

    const sent = fake.callsTo('/api/players/1/username');
    expect(sent.map((call) => call.method)).toEqual(['PUT', 'PUT']);
    expect(sent.map((call) => call.body)).toEqual(['{"username":"marko"}', '{"username":"marko"}']);
  });

  it('fails every queued request when the refresh fails', async () => {
    const fake = server({ refreshOk: false });
    const paths = ['/api/a', '/api/b', '/api/c', '/api/d'];

    const results = await Promise.allSettled(paths.map((path) => api(`${BASE}${path}`)));

    expect(fake.refreshCalls()).toBe(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason).toMatchObject({ status: 401, key: 'unauthorized' });
    }
    // Nothing is replayed after a failed refresh.
    for (const path of paths) expect(fake.callsTo(path)).toHaveLength(1);
  });

  it('retries a request at most once, even when the replay gets a 401 again', async () => {
    const fake = server({ refreshOk: true, alwaysUnauthorized: true });

    await expect(api(`${BASE}/api/players/me`)).rejects.toMatchObject({ status: 401 });

    expect(fake.callsTo('/api/players/me')).toHaveLength(2);
    expect(fake.refreshCalls()).toBe(1);
  });

  it('never refreshes for the sign-in, refresh, logout and migrate calls themselves', async () => {
    const fake = server({ refreshOk: true });

    for (const path of ['/api/auth/token', '/api/auth/logout', '/api/auth/migrate', '/api/auth/refresh']) {
      await api(`${BASE}${path}`, { method: 'POST' }).catch(() => undefined);
    }

    // The only refresh call is the direct one to /api/auth/refresh.
    expect(fake.refreshCalls()).toBe(1);
    expect(fake.callsTo('/api/auth/token')).toHaveLength(1);
    expect(fake.callsTo('/api/auth/logout')).toHaveLength(1);
    expect(fake.callsTo('/api/auth/migrate')).toHaveLength(1);
  });

  it('after a failed refresh, the 401s still on their way fail too instead of refreshing again', async () => {
    const calls: string[] = [];
    let releaseSlow: () => void = () => undefined;
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const { pathname } = new URL(input.url);
        calls.push(pathname);
        // Sent with the same dead cookie; their 401s come back one by one after the refresh failed.
        if (pathname.startsWith('/api/slow')) await slowHeld;
        return unauthorized();
      }),
    );

    const slow = ['/api/slow/1', '/api/slow/2', '/api/slow/3'].map((path) =>
      api(`${BASE}${path}`).catch((error: unknown) => error),
    );
    await expect(api(`${BASE}/api/fast`)).rejects.toMatchObject({ status: 401 });
    releaseSlow();
    for (const result of await Promise.all(slow)) expect(result).toMatchObject({ status: 401 });

    expect(calls.filter((path) => path === '/api/auth/refresh')).toHaveLength(1);
    // None of them is replayed either.
    expect(calls.filter((path) => path.startsWith('/api/slow'))).toHaveLength(3);
  });

  it('a network failure of the refresh is a network error, not a sign-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        if (new URL(input.url).pathname === '/api/auth/refresh') throw new TypeError('Failed to fetch');
        return unauthorized();
      }),
    );

    await expect(api(`${BASE}/api/players/me`)).rejects.toMatchObject({ status: 0, key: 'network-error' });
  });

  it('replays without a new refresh a 401 that comes back after a refresh has finished', async () => {
    let renewed = false;
    let releaseSlow: () => void = () => undefined;
    const slowSent = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const { pathname } = new URL(input.url);
        calls.push(pathname);
        if (pathname === '/api/auth/refresh') {
          renewed = true;
          return json(200, {});
        }
        // The slow request was sent with the old cookie and answers 401 only after the refresh.
        if (pathname === '/api/slow' && calls.filter((path) => path === '/api/slow').length === 1) {
          await slowSent;
          return unauthorized();
        }
        return renewed ? json(200, { pathname }) : unauthorized();
      }),
    );

    const slow = api(`${BASE}/api/slow`);
    await api(`${BASE}/api/fast`);
    releaseSlow();
    await slow;

    expect(calls.filter((path) => path === '/api/auth/refresh')).toHaveLength(1);
    expect(calls.filter((path) => path === '/api/slow')).toHaveLength(2);
  });

  it('passes other errors through without a refresh', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        calls.push(new URL(input.url).pathname);
        return json(403, { message: 'No', key: 'forbidden' });
      }),
    );

    await expect(api(`${BASE}/api/admin`)).rejects.toMatchObject({ status: 403, key: 'forbidden' });
    expect(calls).toEqual(['/api/admin']);
  });
});

/**
 * The Web Locks API as far as the client uses it: exclusive locks by name, `ifAvailable`, and the lock
 * handed to the next waiter when the holder's callback settles. One instance stands for one browser.
 */
function browserLocks() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  async function request<T>(
    name: string,
    optionsOrCallback: { ifAvailable?: boolean } | ((lock: unknown) => Promise<T>),
    maybeCallback?: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as (
      lock: unknown,
    ) => Promise<T>;
    if (held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve) => {
        waiting.set(name, [...(waiting.get(name) ?? []), resolve]);
      });
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      const next = waiting.get(name)?.shift();
      if (next) next();
      else held.delete(name);
    }
  }
  return { request };
}

/** Another tab: the client module loaded afresh, with its own queue, in the same browser. */
async function openTab() {
  vi.resetModules();
  return (await import('../../web/api/client')).api;
}

describe('token refresh across tabs', () => {
  it('two tabs that get a 401 at once refresh once: the second waits, finds the new cookie and replays', async () => {
    vi.stubGlobal('navigator', { locks: browserLocks() });
    const fake = server({ refreshOk: true, refreshDelayMs: 30 });
    const [first, second] = [await openTab(), await openTab()];

    const results = await Promise.all([
      first<{ path: string }>(`${BASE}/api/games/1`),
      second<{ path: string }>(`${BASE}/api/games/2`),
    ]);

    expect(results.map((result) => result.path)).toEqual(['/api/games/1', '/api/games/2']);
    expect(fake.refreshCalls()).toBe(1);
    // The tab that waited checked the session instead of reusing the rotated refresh token.
    expect(fake.callsTo('/api/players/me')).toHaveLength(1);
  });

  it('a tab that finds the lock free refreshes at once, without checking first', async () => {
    vi.stubGlobal('navigator', { locks: browserLocks() });
    const fake = server({ refreshOk: true });
    const tab = await openTab();

    await tab(`${BASE}/api/games/1`);

    expect(fake.refreshCalls()).toBe(1);
    expect(fake.callsTo('/api/players/me')).toHaveLength(0);
  });

  it('the waiting tab refreshes itself when the other tab’s refresh did not renew the session', async () => {
    vi.stubGlobal('navigator', { locks: browserLocks() });
    const fake = server({ refreshOk: false, refreshDelayMs: 30 });
    const [first, second] = [await openTab(), await openTab()];

    const results = await Promise.allSettled([first(`${BASE}/api/games/1`), second(`${BASE}/api/games/2`)]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(fake.callsTo('/api/players/me')).toHaveLength(1);
    expect(fake.refreshCalls()).toBe(2);
  });
});

describe('the live connection', () => {
  const location = { protocol: 'http:', host: 'yamb.test' };

  it('renews an expired session before it hands out the socket URL', async () => {
    const fake = server({ refreshOk: true });

    await expect(freshLiveUrl('/api/ws/games/3', location)).resolves.toBe('ws://yamb.test/api/ws/games/3');

    expect(fake.calls.map((call) => call.path)).toEqual([
      '/api/players/me',
      '/api/auth/refresh',
      '/api/players/me',
    ]);
  });

  it('does not connect when the session cannot be renewed (the socket tries again later)', async () => {
    server({ refreshOk: false });

    await expect(freshLiveUrl('/api/ws/games/3', location)).rejects.toMatchObject({ status: 401 });
  });

  it('connects while D1 is down (the rooms check the token), but not when the server fails otherwise', async () => {
    const answer = { status: 503, key: 'database-unavailable' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(answer.status, { message: 'The database is unavailable', key: answer.key })),
    );
    await expect(freshLiveUrl('/api/ws/games/3', location)).resolves.toBe('ws://yamb.test/api/ws/games/3');

    Object.assign(answer, { status: 500, key: 'internal-error' });
    await expect(freshLiveUrl('/api/ws/games/3', location)).rejects.toMatchObject({ status: 500 });
  });
});
