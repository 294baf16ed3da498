import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Another site's page may not act for the visitor. The attack: a page elsewhere auto-submits a
// `<form method=post enctype="text/plain">` whose one field makes the body read as JSON, to its own server,
// which answers 307 to the app's API. Chromium follows with the method and the body, and says `Origin: null`.
// Before the same-origin guard judged `null` foreign, the app answered 200 and set its cookies: the visitor
// was signed in as the attacker, or given a new guest, or signed out, and a guest lost the account for good
// (a guest has no password to come back with). Here the guard must refuse (403 origin-invalid) and the
// visitor must still be who they were.
//
// The attacker's server runs in the test on a second port. Cookies are per *site*, and two ports of one
// address are one site, so the cross-site attacker is served as `localhost` while the app is `127.0.0.1`.
// The same host on another port (same site, another origin; the visitor's cookies go along) is refused too.

const run = Date.now().toString(36).slice(-6);
const GUEST_NAME = /^[A-Z][a-z]+[A-Z][a-z]+\d{1,3}$/;

interface Me {
  id: number;
  name: string;
  guest: boolean;
}

interface Attack {
  /** What the attacker wants the visitor's browser to do. */
  name: string;
  path: string;
  /** The one form field, as text/plain sends it (`name=value`): together they read as this JSON. */
  body: (attacker: { username: string; password: string }) => Record<string, string>;
}

const ATTACKS: Attack[] = [
  {
    name: 'a sign-in as the attacker',
    path: '/api/auth/token',
    body: ({ username, password }) => ({ identifier: username, password }),
  },
  { name: 'a guest registration', path: '/api/auth/register-guest', body: () => ({}) },
  { name: 'a logout', path: '/api/auth/logout', body: () => ({}) },
];

const SITES = [
  { name: 'another site', host: 'localhost', fetchSite: 'cross-site' },
  { name: 'another port of the same host', host: '127.0.0.1', fetchSite: 'same-site' },
];

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/**
 * The form field whose `name=value` is `{...body,"x":"="}`: text/plain puts an `=` between name and value,
 * so the name opens the JSON and a throwaway member swallows the `=`.
 */
function jsonField(body: Record<string, string>): { name: string; value: string } {
  const members = Object.entries(body).map(
    ([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`,
  );
  return { name: `{${members.join('')}"x":"`, value: '"}' };
}

interface Attacker {
  origin: string;
  /** The bodies the attacker's bounce received, as the victim's browser sent them. */
  bounced: { contentType: string; body: string }[];
  close: () => Promise<void>;
}

/** The attacker's site: `/attack` auto-submits the form, `/bounce` answers 307 to the app. */
async function startAttacker(
  host: string,
  app: string,
  attack: Attack,
  field: { name: string; value: string },
) {
  const bounced: Attacker['bounced'] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    if (request.method === 'GET' && request.url === '/attack') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>You won!</title>
<form method="post" enctype="text/plain" action="/bounce">
  <input type="hidden" name='${escapeAttribute(field.name)}' value='${escapeAttribute(field.value)}'>
</form>
<script>document.forms[0].submit();</script>`);
      return;
    }
    if (request.method === 'POST' && request.url === '/bounce') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bounced.push({
          contentType: request.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        });
        // 307 (not 302/303): the browser repeats the POST with its body at the new address.
        response.writeHead(307, { Location: `${app}${attack.path}` });
        response.end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    bounced,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Attacker;
}

/** The visitor as the app knows them: the player named in the navigation, and /api/players/me. */
async function whoAmI(page: Page): Promise<Me & { shown: string }> {
  await page.goto('/');
  const name = page.getByRole('banner').locator('.nav-player-name');
  await expect(name).toHaveText(/\S/, { timeout: 15_000 });
  const reply = await page.request.get('/api/players/me');
  expect(reply.status()).toBe(200);
  const me = (await reply.json()) as Me;
  return { id: me.id, name: me.name, guest: me.guest, shown: (await name.textContent()) ?? '' };
}

for (const site of SITES) {
  for (const [index, attack] of ATTACKS.entries()) {
    test(`${attack.name} bounced from ${site.name} through a 307 is refused; the guest stays who they were`, async ({
      page,
      request,
      baseURL,
    }) => {
      const app = new URL(baseURL ?? '').origin;
      // The attacker's own account, made the way a script would (no Origin header).
      const attacker = { username: `atk${run}${site.host[0]}${index}`, password: 'secret1' };
      const registered = await request.post('/api/auth/register', { data: attacker });
      expect(registered.status()).toBe(201);

      // The victim plays as a guest, registered by the app on the first visit.
      const before = await whoAmI(page);
      expect(before.shown).toMatch(GUEST_NAME);
      expect(before).toMatchObject({ name: before.shown, guest: true });

      const field = jsonField(attack.body(attacker));
      const evil = await startAttacker(site.host, app, attack, field);
      try {
        const landed = page.waitForResponse((r) => r.url() === `${app}${attack.path}`);
        await page.goto(`${evil.origin}/attack`, { waitUntil: 'commit' });
        const answer = await landed;

        // The browser did send the attack: a text/plain POST whose body parses as the JSON the route reads...
        expect(evil.bounced).toHaveLength(1);
        expect(evil.bounced[0].contentType).toBe('text/plain');
        expect(JSON.parse(evil.bounced[0].body)).toEqual({ ...attack.body(attacker), x: '=' });
        const sent = await answer.request().allHeaders();
        expect(answer.request().method()).toBe('POST');
        // Chromium says `Origin: null` after any cross-origin redirect, same site or not.
        expect(sent['origin']).toBe('null');
        expect(sent['sec-fetch-site']).toBe(site.fetchSite);
        // ...and the app refused it (soft: should it not, the checks below show what the attack did).
        expect.soft(answer.status()).toBe(403);
        expect.soft(answer.headers()['set-cookie']).toBeUndefined();
        await expect.soft(page).toHaveURL(`${app}${attack.path}`);
        await expect.soft(page.locator('body')).toContainText('"key":"origin-invalid"');
      } finally {
        await evil.close();
      }

      const after = await whoAmI(page);
      expect(after).toEqual(before);
      expect(after.name).not.toBe(attacker.username);
    });
  }
}
