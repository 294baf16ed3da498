import type { APIRequestContext, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import type { GameResource } from '../../contract/games';
import { toGameState } from '../../contract/games';
import { advise, type Decision } from '../../game/advisor';
import { checkBothThemes } from './axe';
import { expect, test } from './fixtures';
import { put, playTurn } from './finishedGames';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// Replays and reviews (issue 30): a whole solo game, played through the API by the advisor with a worse
// fill now and then, replayed in the browser — the steps, the keys, the slider, a link to a moment — and
// reviewed in the advisor's worker, whose accuracy the player's page then shows; a finished clash replayed
// with every player's sheet, in Croatian; a daily game's replay refused until its day is over.

test.use({ reducedMotion: 'reduce' });

const run = Date.now().toString(36).slice(-6);

/** Carries out an advisor's decision through the game's links. */
async function play(
  request: APIRequestContext,
  game: GameResource,
  decision: Decision,
): Promise<GameResource> {
  const links = game._links;
  switch (decision.kind) {
    case 'ROLL':
      return put(request, links.roll!.href, { diceToRoll: decision.diceToRoll });
    case 'ANNOUNCE':
      return put(request, links.announce!.href, { boxType: decision.box });
    case 'FILL':
      return put(request, links.fill!.href, { columnType: decision.column, boxType: decision.box });
  }
}

/**
 * The player's whole solo game, played by the advisor except every fifth fill, which takes the advisor's
 * worst: costly decisions for the review to find. Answers the game and each turn's rolls (the dice after each).
 */
async function advisorGame(player: Player) {
  const request = player.context.request;
  let game = await put(request, '/api/games/', { playerId: player.id });
  const turns: number[][][] = [[]];
  let fills = 0;
  while (game.status === 'IN_PROGRESS') {
    const state = toGameState(game);
    const advice = advise(state);
    let decision: Decision = advice;
    if (advice.kind === 'FILL' && ++fills % 5 === 0) {
      const worst = advice.candidates
        .filter((c) => c.decision.kind === 'FILL')
        .sort((a, b) => a.expected - b.expected)[0];
      decision = worst.decision;
    }
    game = await play(request, game, decision);
    if (decision.kind === 'ROLL') turns.at(-1)!.push(toGameState(game).dice);
    if (decision.kind === 'FILL') turns.push([]);
  }
  return { game, turns: turns.slice(0, -1) };
}

/** Each step button's word whole within the button: not cut, not broken over two lines. */
async function stepsFit(page: Page, names: string[]) {
  for (const name of names) {
    const button = page.getByRole('button', { name, exact: true });
    const fits = await button.evaluate((b) => b.scrollWidth <= b.clientWidth);
    expect(fits, `${name} fits its button`).toBe(true);
    const box = (await button.boundingBox())!;
    expect(box.height, `${name} is one line`).toBeLessThan(60);
  }
}

const moveLine = (page: Page) => page.getByTestId('replay-move');
const slider = (page: Page, name = 'Moment in the game') => page.getByRole('slider', { name });

test('a whole solo game is replayed step by step, by keys, by the slider and by a link, then reviewed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = await newPlayer(browser, `rana${run}`);
  const { game, turns } = await advisorGame(ana);
  expect(game.status).toBe('COMPLETED');
  const { page } = ana;

  // The finished game's congratulations offer its replay.
  await open(page, `/games/${game.id}`);
  await page.getByRole('dialog').getByRole('link', { name: 'Replay and review the game' }).click();
  await expect(page).toHaveURL(new RegExp(`/games/${game.id}/replay`));
  await expect(page.getByRole('heading', { name: `Replay of rana${run}'s game` })).toBeVisible();
  await expect(moveLine(page)).toHaveText('The game begins');

  // → and Next step on; the address follows the moment.
  await page.keyboard.press('ArrowRight');
  await expect(moveLine(page)).toHaveText(`rana${run} rolled ${turns[0][0].join(' ')}`);
  await expect(page).toHaveURL(/\?turn=1&roll=1$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(slider(page)).toHaveValue('2');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveValue('1');
  await page.getByRole('button', { name: 'Last' }).click();
  await expect(slider(page)).toHaveAttribute('aria-valuetext', /^Turn 52 of 52/);
  await expect(moveLine(page)).toContainText(`rana${run} wrote`);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // At the end the step buttons stay where the keyboard is: the focus is not dropped.
  await expect(page.getByRole('button', { name: 'Last' })).toBeFocused();
  await page.getByRole('button', { name: 'First' }).click();
  await expect(moveLine(page)).toHaveText('The game begins');
  await slider(page).fill('5');
  await expect(page).toHaveURL(/\?turn=\d+&roll=\d/);

  // A link to a moment opens on it: the second roll of a turn shows its dice, the kept ones held.
  const turn = turns.findIndex((rolls, i) => i >= 16 && rolls.length >= 2) + 1;
  await open(page, `/games/${game.id}/replay?turn=${turn}&roll=2`);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', `Turn ${turn} of 52 · roll 2`);
  await expect(moveLine(page)).toContainText(`rolled ${turns[turn - 1][1].join(' ')}`);
  const dice = page.getByRole('list', { name: 'Dice' }).getByRole('img');
  await expect(dice).toHaveCount(5);

  // The review runs in the browser and sums the game up: the three costliest decisions link to their moments.
  await page.getByRole('button', { name: 'Review the game' }).click();
  const accuracy = page.getByTestId('review-accuracy');
  await expect(accuracy).toHaveText(/^\d+%$/, { timeout: 30_000 });
  const costly = page.getByRole('list').filter({ has: page.getByRole('link', { name: /^Turn \d+:/ }) });
  await expect(costly.getByRole('link')).toHaveCount(3);
  await costly.getByRole('link').first().click();
  await expect(page).toHaveURL(/\?turn=\d+&roll=\d/);
  const grade = page.getByTestId('replay-grade');
  await expect(grade).toContainText(/Inaccuracy|Mistake|Blunder/);
  await expect(grade).toContainText(/Best: Write \d+ in /);
  await expect(moveLine(page)).toContainText(`rana${run} wrote`);
  await checkBothThemes(page);

  // The layout: the sheet beside the tray on a desktop, under it on a phone, nothing sideways.
  const tray = page.locator('.board-tray');
  const sheet = page.locator('.board-sheet');
  let side = (await tray.boundingBox())!;
  let paper = (await sheet.boundingBox())!;
  expect(paper.x).toBeGreaterThanOrEqual(side.x + side.width);
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page);
  side = (await tray.boundingBox())!;
  paper = (await sheet.boundingBox())!;
  expect(paper.y).toBeGreaterThanOrEqual(side.y + side.height);
  for (const name of ['First', 'Back', 'Next', 'Last']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  for (const width of [320, 800, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(page);
    await stepsFit(page, ['First', 'Back', 'Next', 'Last']);
  }
  await page.setViewportSize(DESKTOP);

  // The review's figures were kept for the game's own player: their page shows the average accuracy.
  const shown = await accuracy.textContent();
  await open(page, `/players/${ana.id}`);
  await expect(page.getByTestId('review-average')).toHaveText(shown!);
});

test("a finished clash is replayed with every player's sheet, in Croatian", async ({ browser }) => {
  test.setTimeout(120_000);
  const ana = await newPlayer(browser, `rcana${run}`);
  const ben = await newPlayer(browser, `rcben${run}`);
  const created = await ana.context.request.post('/api/clashes/', {
    data: { ownerId: ana.id, playerIds: [ana.id, ben.id], type: 'LIVE', name: `Replay ${run}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clashId = ((await created.json()) as ClashResource).id;
  const accepted = await ben.context.request.put(`/api/clashes/${clashId}/accept`, {
    data: { playerId: ben.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  // Two turns each, in the clash's turn order, then Ben resigns: the clash is over.
  for (let i = 0; i < 4; i++) {
    const clash = (await (await ana.context.request.get(`/api/clashes/${clashId}`)).json()) as ClashResource;
    const onTurn = clash.players[clash.turn];
    const who = onTurn.id === ana.id ? ana : ben;
    await playTurn(who.context.request, onTurn.gameId!);
  }
  expect((await ben.context.request.put(`/api/clashes/${clashId}/resign`, { data: {} })).ok()).toBe(true);
  const preferences = await ana.context.request.put(`/api/players/${ana.id}/preferences`, {
    data: { language: 'hr', theme: 'dark' },
  });
  expect(preferences.ok(), await preferences.text()).toBe(true);

  const { page } = ana;
  await open(page, `/clashes/${clashId}`);
  await page.getByRole('link', { name: 'Snimka igre', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: `Snimka okršaja ${clashId}` })).toBeVisible();
  const sheets = [
    page.getByRole('region', { name: `Listić igrača rcana${run}` }),
    page.getByRole('region', { name: `Listić igrača rcben${run}` }),
  ];
  for (const sheet of sheets) await expect(sheet).toBeVisible();
  await page.getByRole('button', { name: 'Zadnji' }).click();
  await expect(slider(page, 'Trenutak igre')).toHaveAttribute(
    'aria-valuetext',
    /^Potez 4 od 4 · bacanje \d$/,
  );
  await expect(moveLine(page)).toContainText(': upisano ');
  // Both sheets side by side in the page's flow, neither over the other.
  const [first, second] = await Promise.all(sheets.map(async (s) => (await s.boundingBox())!));
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  await page.setViewportSize({ width: 320, height: 700 });
  await noSidewaysScroll(page);
  await stepsFit(page, ['Prvi', 'Natrag', 'Dalje', 'Zadnji']);
});

test("a daily game's replay is refused while its day lasts and shown once the day is over", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await newPlayer(browser, `rdana${run}`);
  const request = ana.context.request;
  const started = await request.post('/api/daily/games');
  expect(started.ok(), await started.text()).toBe(true);
  let game = (await started.json()) as GameResource;
  game = await playTurn(request, game);
  game = await playTurn(request, game);

  const { page } = ana;
  await open(page, `/games/${game.id}/replay`);
  await expect(page.getByRole('alert')).toContainText('A daily game can be replayed once its day is over');
  expect((await request.get(`/api/games/${game.id}/replay`)).status()).toBe(404);

  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const moved = await request.put(`/api/dev/games/${game.id}/daily-day`, { data: { day: yesterday } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await open(page, `/games/${game.id}/replay?turn=2&roll=1`);
  await expect(slider(page)).toHaveAttribute('aria-valuetext', 'Turn 2 of 2 · roll 1');
  await expect(moveLine(page)).toContainText(`rdana${run} rolled`);
});
