import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { type GameResource, toGameState } from '../../contract/games';
import type { ScoreSummary } from '../../contract/scores';
import { BOX_TYPES, fillableBoxes } from '../../game';
import { expect } from './fixtures';

// Players with finished games, made through the public API as a script would: register, sign in, then
// play whole games through each game's own links (roll all five dice, fill the first box the rules allow;
// when only announcement boxes are left, announce one and fill it), and archive them for the next.

export const PASSWORD = 'dice-123';

export interface Player {
  name: string;
  id: number;
  context: BrowserContext;
  page: Page;
}

export async function newPlayer(
  browser: Browser,
  name: string,
  viewport: { width: number; height: number },
): Promise<Player> {
  const context = await browser.newContext({ viewport });
  const registered = await context.request.post('/api/auth/register', {
    data: { username: name, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = await context.request.post('/api/auth/token', {
    data: { identifier: name, password: PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const me = (await (await context.request.get('/api/players/me')).json()) as { id: number };
  return { name, id: me.id, context, page: await context.newPage() };
}

async function put(request: APIRequestContext, href: string, data?: unknown): Promise<GameResource> {
  const reply = await request.put(href, { data: data ?? {} });
  expect(reply.ok(), `${href}: ${reply.status()} ${await reply.text()}`).toBe(true);
  return (await reply.json()) as GameResource;
}

/** One turn through the game's links. */
async function playTurn(request: APIRequestContext, game: GameResource): Promise<GameResource> {
  expect(game._links.roll, 'the player has a roll link').toBeTruthy();
  game = await put(request, game._links.roll!.href, { diceToRoll: [0, 1, 2, 3, 4] });
  let target = fillableBoxes(toGameState(game))[0];
  if (!target) {
    const column = toGameState(game).sheet.columns.find((c) => c.type === 'ANNOUNCEMENT');
    const box = BOX_TYPES.find((type) => column?.boxes.find((b) => b.type === type)?.value === null);
    expect(box, 'an empty announcement box').toBeTruthy();
    game = await put(request, game._links.announce!.href, { boxType: box });
    target = { column: 'ANNOUNCEMENT', box: box! };
  }
  return put(request, game._links.fill!.href, { columnType: target.column, boxType: target.box });
}

/** Plays `count` whole games for the player; answers the final totals, oldest first. */
export async function finishGames(player: Player, count: number): Promise<number[]> {
  const request = player.context.request;
  let game = await put(request, '/api/games/', { playerId: player.id });
  const totals: number[] = [];
  for (let played = 0; played < count; played++) {
    for (let turn = 0; turn < 52 && game.status !== 'COMPLETED'; turn++) game = await playTurn(request, game);
    expect(game.status).toBe('COMPLETED');
    totals.push(game.totalSum);
    expect(game._links.archive, 'a finished game can be put away').toBeTruthy();
    game = await put(request, game._links.archive!.href);
  }
  return totals;
}

/** The player's scores once the index has all `count` of them (it follows the rooms a moment later). */
export async function scoresOf(request: APIRequestContext, playerId: number, count: number) {
  let scores: ScoreSummary[] = [];
  await expect
    .poll(
      async () => {
        const reply = await request.get(
          `/api/scores/?playerId=${playerId}&size=100&sort=createdAt&order=DESC`,
        );
        if (!reply.ok()) return -reply.status();
        const page = (await reply.json()) as { _embedded?: { scores?: ScoreSummary[] } };
        scores = page._embedded?.scores ?? [];
        return scores.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return scores;
}

/** The page never scrolls sideways (STYLE.md: a layout is tested by its geometry). */
export async function noSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}
