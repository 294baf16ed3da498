import type { ClashResource } from '../../contract/clashes';
import { put } from './finishedGames';
import { expect, test } from './fixtures';
import { newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// "Live now" on /clashes (issue 25 item 27, what players looked for): the clashes being played, anyone's,
// each a link to watch it; a visitor who never signed up finds one and watches it.

const run = Date.now().toString(36).slice(-6);

let ana: Player;
let ben: Player;
let clash: ClashResource;

test.beforeAll(async ({ browser }) => {
  ana = await newPlayer(browser, `LiveAna${run}`);
  ben = await newPlayer(browser, `LiveBen${run}`);
  const created = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name: `Live ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  clash = (await created.json()) as ClashResource;
  await put(ben.context.request, `/api/clashes/${clash.id}/accept`, { playerId: ben.id });
});

test.afterAll(async () => {
  await ana?.context.close();
  await ben?.context.close();
});

test('a visitor finds a clash being played under Live now and opens it to watch', async ({ browser }) => {
  const visitor = await browser.newContext({ viewport: PHONE });
  const page = await visitor.newPage();
  await open(page, '/clashes');
  const live = page.getByRole('region', { name: 'Live now' });
  const link = live.getByRole('link', { name: `Live ${run} · watch` });
  await expect(link).toBeVisible();
  const item = live
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Live ${run} · watch` }) });
  await expect(item).toContainText(`${ana.name} (on turn)`);
  await expect(item).toContainText(ben.name);
  // The line stays inside its card on a phone.
  const card = await live.boundingBox();
  const line = await item.boundingBox();
  expect(line!.x + line!.width).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
  await noSidewaysScroll(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/clashes/${clash.id}$`));
  await expect(page.getByRole('heading', { name: `Live ${run}` })).toBeVisible({ timeout: 15_000 });
  await visitor.close();
});

test('a member sees Live now beside their own clashes, in Croatian too', async () => {
  const reply = await ben.context.request.put(`/api/players/${ben.id}/preferences`, {
    data: { language: 'hr', theme: 'light' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const page = ben.page;
  await open(page, '/clashes');
  const live = page.getByRole('region', { name: 'Upravo se igra' });
  await expect(live.getByRole('link', { name: `Live ${run} · gledajte` })).toBeVisible();
  await expect(live).toContainText(`${ana.name} (na potezu)`);
});
