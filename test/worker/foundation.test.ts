import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { createClash, players } from './clashes-helpers';
import { currentGame } from './games-helpers';
import { registerGuest } from './helpers';

describe('health', () => {
  it('reports the version and every service as measured up', async () => {
    const response = await SELF.fetch('http://yamb.test/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      version: string;
      humanCheck: string;
      services: Record<string, { up: boolean; latencyMs: number }>;
    };
    expect(body.status).toBe('ok');
    expect(body.version).toBe(env.APP_VERSION);
    expect(body.humanCheck).toBe('off');
    for (const name of ['database', 'storage', 'rooms']) {
      expect(body.services[name].up).toBe(true);
      expect(body.services[name].latencyMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('configuration', () => {
  /** The value of `name` in wrangler.toml's [vars] table. */
  const deployedVar = (name: string) => {
    const vars = /^\[vars\]$([\s\S]*?)(?=^\[)/m.exec(wranglerToml)?.[1] ?? '';
    return new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(vars)?.[1];
  };

  it('deploys as production with the human check on; local runs (and these tests) override both', () => {
    expect({ ENVIRONMENT: deployedVar('ENVIRONMENT'), HUMAN_CHECK: deployedVar('HUMAN_CHECK') }).toEqual({
      ENVIRONMENT: 'production',
      HUMAN_CHECK: 'on',
    });
    expect({ ENVIRONMENT: env.ENVIRONMENT, HUMAN_CHECK: env.HUMAN_CHECK }).toEqual({
      ENVIRONMENT: 'development',
      HUMAN_CHECK: 'off',
    });
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON with a message and a stable key', async () => {
    const response = await SELF.fetch('http://yamb.test/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'No such API endpoint', key: 'route-not-found' });
  });

  it('answer in Croatian when the client asks for it', async () => {
    const response = await SELF.fetch('http://yamb.test/api/nope', { headers: { 'Accept-Language': 'hr' } });
    expect(await response.json()).toEqual({ message: 'Nema takve API adrese', key: 'route-not-found' });
  });
});

describe('D1', () => {
  it('stores and reads back a row through the migrated schema', async () => {
    await env.DB.prepare("INSERT INTO players (external_id, name) VALUES ('x-1', 'RoundTrip')").run();
    const row = await env.DB.prepare('SELECT name, guest FROM players WHERE external_id = ?')
      .bind('x-1')
      .first();
    expect(row).toEqual({ name: 'RoundTrip', guest: 1 });
  });

  it('refuses a second player with the same name in another case', async () => {
    await env.DB.prepare("INSERT INTO players (external_id, name) VALUES ('x-2', 'Twin')").run();
    await expect(
      env.DB.prepare("INSERT INTO players (external_id, name) VALUES ('x-3', 'TWIN')").run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});

describe('Durable Objects', () => {
  /** Opens a socket on `path` with the session's cookies; the first message it hears. */
  async function greeting(path: string, cookie: string) {
    const response = await SELF.fetch(`http://yamb.test/api/ws/${path}`, {
      headers: { Upgrade: 'websocket', Cookie: cookie },
    });
    expect(response.status).toBe(101);
    const socket = response.webSocket;
    if (!socket) throw new Error('no socket');
    const first = new Promise<string>((resolve) =>
      socket.addEventListener('message', (e) => resolve(String(e.data))),
    );
    socket.accept();
    const message = JSON.parse(await first) as { type: string };
    socket.close();
    return message;
  }

  it('the room at /api/ws/games/{id} accepts a WebSocket and greets it', async () => {
    const guest = await registerGuest();
    const game = await currentGame(guest);
    expect((await greeting(`games/${game.id}`, guest.jar.header())).type).toBe('GAME');
  });

  it('the room at /api/ws/clashes/{id} accepts a player of the clash and greets them', async () => {
    const [owner, invited] = await players(2);
    const clash = await createClash(owner, [invited]);
    expect((await greeting(`clashes/${clash.id}`, owner.jar.header())).type).toBe('UPDATE');
  });

  it('the presence channel is refused without a session', async () => {
    const response = await SELF.fetch('http://yamb.test/api/ws/players', {
      headers: { Upgrade: 'websocket' },
    });
    expect(response.status).toBe(401);
  });
});

describe('heartbeat', () => {
  it('a room answers ping with pong', async () => {
    const [owner, invited] = await players(2);
    const clash = await createClash(owner, [invited]);
    const response = await SELF.fetch(`http://yamb.test/api/ws/clashes/${clash.id}`, {
      headers: { Upgrade: 'websocket', Cookie: owner.jar.header() },
    });
    const socket = response.webSocket;
    if (!socket) throw new Error('no socket');
    const messages: string[] = [];
    const pong = new Promise<void>((resolve) =>
      socket.addEventListener('message', (e) => {
        messages.push(String(e.data));
        if (e.data === 'pong') resolve();
      }),
    );
    socket.accept();
    socket.send('ping');
    await pong;
    expect(messages).toContain('pong');
    socket.close();
  });
});
