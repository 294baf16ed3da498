import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ClashResource } from '../../contract/clashes';
import { emptyBoxes, finishClash, finishGames, KEPT, playTurn, put, scoresOf } from './finishedGames';
import { checkBothThemes } from './axe';
import { expect, test } from './fixtures';
import { DESKTOP, makeAdmin, newPlayer, onlineIds, PHONE, type Player } from './players';
import { roll, rollButton } from './playScreen';

// Every screen, in both themes and at both widths, has no serious or critical axe-core violation
// of WCAG 2.1 A/AA; and the play screen can be played by ear (the dice, the boxes and a live region that
// tells of each roll and fill).
//
// One page load per screen: the width and the theme are switched in place (the window widened; data-theme on
// <html>, as the preferences do it live), and the page is checked in each. Not serial: a failing screen does not
// hide the screens after it.

const run = Date.now().toString(36).slice(-6);
const WIDTHS = { 360: PHONE, 1280: DESKTOP } as const;

/** Ada is an admin (she sees every screen), Ben a player; the guest has signed in to nothing. */
let ada: Player;
let ben: Player;
let guest: BrowserContext;
let lobbyId = 0;
let liveClashId = 0;
let gameId = 0;
let scoreId = 0;
let ticketId = 0;
let logId = 0;
let watchedGameId = 0;
let finishedClashId = 0;
/** Per width, a player one box short of a finished game (for the congratulations). */
const finishers = new Map<string, Player>();

async function createClash(owner: Player, other: Player, name: string): Promise<number> {
  const created = await owner.context.request.post('/api/clashes/', {
    data: { ownerId: owner.id, playerIds: [owner.id, other.id], type: 'LIVE', name },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as ClashResource).id;
}

/** A clash Ben accepted (live), one played to its end (its final ranking), then one waiting for Ben (its lobby). */
async function makeClashes() {
  liveClashId = await createClash(ada, ben, `A11y live ${run}`);
  await put(ben.context.request, `/api/clashes/${liveClashId}/accept`, { playerId: ben.id });
  finishedClashId = await createClash(ada, ben, `A11y done ${run}`);
  await put(ben.context.request, `/api/clashes/${finishedClashId}/accept`, { playerId: ben.id });
  // An owner has one pending clash at a time with a player: the lobby comes once the others are accepted.
  lobbyId = await createClash(ada, ben, `A11y lobby ${run}`);
  await finishClash(finishedClashId, [ada, ben]);
}

/** A player whose game has one box left (the free column's Yamb), for the congratulations at `width`. */
async function makeFinisher(browser: Browser, width: string) {
  const player = await newPlayer(browser, `Fin${width}${run}`);
  let game = await put(player.context.request, '/api/games/', { playerId: player.id });
  while (emptyBoxes(game) > 1) game = await playTurn(player.context.request, game, KEPT);
  finishers.set(width, player);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  [ada, ben] = await Promise.all([newPlayer(browser, `a11yAda${run}`), newPlayer(browser, `a11yBen${run}`)]);
  guest = await browser.newContext({ viewport: DESKTOP });
  // Alone: wrangler writes the flag into the database file the server is using.
  await makeAdmin(ada);

  // What the screens show, made through the API side by side: each is a round trip after another, and none
  // waits on another's.
  await Promise.all([
    // A finished game (its page and its score).
    finishGames(ada, 1).then(async () => {
      const [score] = await scoresOf(ada.context.request, ada.id, 1);
      scoreId = score!.id;
      gameId = score!.gameId;
    }),
    makeClashes(),
    ...Object.keys(WIDTHS).map((width) => makeFinisher(browser, width)),
    // Ben's game in progress, rolled once, for a watcher.
    put(ben.context.request, '/api/games/', { playerId: ben.id }).then(async (game) => {
      const rolled = await put(ben.context.request, game._links.roll!.href, { diceToRoll: [0, 1, 2, 3, 4] });
      watchedGameId = rolled.id;
    }),
  ]);

  // Ben's ticket, which Ada reads as an admin.
  const ticket = await ben.context.request.post('/api/tickets/', {
    data: { playerId: ben.id, title: `A11y ${run}`, description: 'The dice speak too softly.' },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  ticketId = ((await ticket.json()) as { id: number }).id;

  // Ada takes the ticket on: that writes a log entry, for the logs and a log entry's page.
  const patched = await ada.context.request.patch(`/api/tickets/${ticketId}`, {
    data: { status: 'IN_PROGRESS' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);
  await expect
    .poll(async () => {
      const logs = (await (await ada.context.request.get('/api/logs/?size=1')).json()) as {
        _embedded?: { logs?: { id: number }[] };
      };
      logId = logs._embedded?.logs?.[0]?.id ?? 0;
      return logId;
    })
    .toBeGreaterThan(0);
});

test.afterAll(async () => {
  for (const player of finishers.values()) await player.context.close();
  await ada?.context.close();
  await ben?.context.close();
  await guest?.close();
});

interface Screen {
  name: string;
  who: 'ada' | 'ben' | 'guest';
  path: () => string;
  /** A page of its own, without the app's shell (the 404). */
  fullPage?: boolean;
  /** What has to be so before the screen is loaded. */
  before?: () => Promise<void>;
  /** What shows once the screen has its data (else: its first heading). */
  ready?: (page: Page) => Promise<void>;
}

const heading = async (page: Page) => {
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.loading-screen')).toHaveCount(0, { timeout: 15_000 });
};
const table = async (page: Page) => {
  await heading(page);
  await expect(page.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
};

const SCREENS: Screen[] = [
  {
    name: 'play, after a roll',
    who: 'ada',
    path: () => '/',
    ready: async (page) => {
      await expect(rollButton(page)).toBeVisible({ timeout: 15_000 });
      if (await rollButton(page).isEnabled()) await roll(page);
    },
  },
  {
    name: 'play, a die held and a hint shown',
    who: 'ada',
    path: () => '/',
    ready: async (page) => {
      await expect(rollButton(page)).toBeVisible({ timeout: 15_000 });
      if (await rollButton(page).isEnabled()) await roll(page);
      const die = page.locator('.dice button.die').first();
      if ((await die.isEnabled()) && (await die.getAttribute('aria-pressed')) === 'false') await die.click();
      const hint = page.getByRole('button', { name: 'Hint', exact: true });
      await expect(hint).toBeEnabled({ timeout: 15_000 });
      await hint.click();
      await expect(page.locator('.board-hint--advice')).toBeVisible();
    },
  },
  {
    name: 'play, the restart dialog open',
    who: 'ada',
    path: () => '/',
    ready: async (page) => {
      // Restart is offered once a box is filled.
      const restart = page.getByRole('button', { name: 'Restart' });
      await expect(rollButton(page)).toBeVisible({ timeout: 15_000 });
      if (!(await restart.isVisible())) {
        if (await rollButton(page).isEnabled()) await roll(page);
        await page.locator('.sheet-button[aria-label^="Write"]').first().click();
      }
      await restart.click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'watching a game in progress',
    who: 'guest',
    path: () => `/games/${watchedGameId}`,
    ready: (page) => expect(page.locator('.board--watching')).toBeVisible({ timeout: 15_000 }),
  },
  {
    name: 'the menu open',
    who: 'ada',
    path: () => '/about#rules',
    ready: async (page) => {
      await heading(page);
      const menu = page.locator('.burger');
      if (await menu.isVisible()) {
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
      }
    },
  },
  { name: 'games', who: 'ada', path: () => '/games', ready: table },
  { name: 'a finished game', who: 'ada', path: () => `/games/${gameId}`, ready: table },
  {
    name: 'a finished game’s replay',
    who: 'guest',
    path: () => `/games/${gameId}/replay?turn=3&roll=1`,
    ready: (page) => expect(page.getByRole('slider')).toBeVisible({ timeout: 15_000 }),
  },
  { name: 'puzzles', who: 'ada', path: () => '/puzzles' },
  {
    name: 'a puzzle of a streak',
    who: 'guest',
    path: () => '/puzzles?mode=streak',
    ready: (page) => expect(page.locator('.dice button.die').first()).toBeVisible({ timeout: 15_000 }),
  },
  {
    name: 'clashes, with a player online in the picker',
    who: 'ada',
    path: () => '/clashes',
    // Ben is on the online list (his shard tells it within half a second of his page joining) before the
    // page first asks who is online: else it would see him only at its next asking, 15 s later
    // (api/presence.ts ONLINE_REFRESH_MS).
    before: async () => {
      if (ben.page.url() === 'about:blank') await ben.page.goto('/');
      await expect
        .poll(() => onlineIds(ada.context.request, `q=${ben.name}`), { timeout: 15_000 })
        .toContain(ben.id);
    },
    ready: (page) =>
      expect(page.getByRole('button', { name: `Choose ${ben.name} online` })).toBeVisible({
        timeout: 15_000,
      }),
  },
  { name: 'a clash lobby', who: 'ada', path: () => `/clashes/${lobbyId}` },
  {
    name: 'a finished clash (its final ranking)',
    who: 'ada',
    path: () => `/clashes/${finishedClashId}`,
    ready: table,
  },
  { name: 'a live clash', who: 'ada', path: () => `/clashes/${liveClashId}`, ready: table },
  { name: 'rankings: all time', who: 'ada', path: () => '/rankings', ready: table },
  { name: 'rankings: week', who: 'ada', path: () => '/rankings?period=week', ready: table },
  { name: 'rankings: today', who: 'ada', path: () => '/rankings?period=today', ready: table },
  { name: 'rankings: daily', who: 'ada', path: () => '/rankings?period=daily' },
  { name: 'rankings: rating', who: 'ada', path: () => '/rankings?period=rating' },
  { name: 'players', who: 'ada', path: () => '/players', ready: table },
  { name: 'her own player page', who: 'ada', path: () => `/players/${ada.id}` },
  {
    name: "another player's page, with the admin's sections",
    who: 'ada',
    path: () => `/players/${ben.id}`,
    ready: async (page) => {
      await heading(page);
      await expect(page.getByRole('region', { name: /^Admin:/ })).toBeVisible({ timeout: 15_000 });
    },
  },
  { name: 'scores', who: 'ada', path: () => '/scores', ready: table },
  { name: 'a score', who: 'ada', path: () => `/scores/${scoreId}` },
  { name: 'daily', who: 'ada', path: () => '/daily' },
  { name: 'about: rules', who: 'ada', path: () => '/about#rules' },
  { name: 'about: project', who: 'ada', path: () => '/about#project' },
  { name: 'about: status', who: 'ada', path: () => '/about#status' },
  { name: 'about: contact', who: 'ben', path: () => '/about#contact' },
  { name: 'settings', who: 'ada', path: () => '/settings' },
  { name: 'profile', who: 'ben', path: () => '/profile' },
  { name: 'tickets', who: 'ada', path: () => '/tickets', ready: table },
  { name: 'a ticket', who: 'ada', path: () => `/tickets/${ticketId}` },
  { name: 'admin', who: 'ada', path: () => '/admin' },
  { name: 'logs', who: 'ada', path: () => '/logs' },
  { name: 'a log entry', who: 'ada', path: () => `/logs/${logId}` },
  { name: 'login', who: 'guest', path: () => '/login' },
  { name: 'register', who: 'guest', path: () => '/register' },
  { name: 'forgot password', who: 'guest', path: () => '/forgot-password' },
  { name: 'password reset without a token', who: 'guest', path: () => '/password-reset' },
  { name: 'email verification without a token', who: 'guest', path: () => '/email-verification' },
  {
    name: 'play as a guest',
    who: 'guest',
    path: () => '/',
    ready: (page) => expect(rollButton(page)).toBeVisible(),
  },
  { name: 'an unknown address (404)', who: 'guest', path: () => '/no-such-screen', fullPage: true },
];

const pageOf = async (who: Screen['who']): Promise<Page> => {
  if (who === 'guest') return guest.pages()[0] ?? guest.newPage();
  return (who === 'ada' ? ada : ben).page;
};

// Each screen is loaded once, at the phone's width, and checked there; then the window is widened to the
// desktop's and it is checked again: the same screen in its other layout, without loading it twice.
for (const screen of SCREENS) {
  test(`${screen.name}: no serious or critical violation in either theme, at 360 and 1280 px`, async () => {
    const page = await pageOf(screen.who);
    await page.setViewportSize(WIDTHS[360]);
    await screen.before?.();
    await page.goto(screen.path());
    if (!screen.fullPage) await expect(page.getByRole('banner')).toBeVisible({ timeout: 15_000 });
    await (screen.ready ?? heading)(page);
    await checkBothThemes(page);
    await page.setViewportSize(WIDTHS[1280]);
    await checkBothThemes(page);
  });
}

for (const [width, viewport] of Object.entries(WIDTHS)) {
  test.describe(`at ${width} px`, () => {
    test('the congratulations after the last fill: no serious or critical violation in either theme', async () => {
      const page = finishers.get(width)!.page;
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(rollButton(page)).toBeEnabled({ timeout: 15_000 });
      await roll(page);
      await page.locator(`td[data-column="${KEPT.column}"][data-box="${KEPT.box}"] .sheet-button`).click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 10_000 });
      await checkBothThemes(page);
    });

    test('the notifications dialog: no serious or critical violation in either theme', async () => {
      const page = ben.page;
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.getByRole('banner').locator('.bell').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await checkBothThemes(page);
    });
  });
}

/** The board's live region: what a screen reader has just been told of the game. */
const said = (page: Page) => page.getByTestId('board-said');

/** Sets the player's preferences on the server, which the app applies at its next load. */
async function preferences(player: Player, language: 'en-US' | 'hr') {
  const reply = await player.context.request.put(`/api/players/${player.id}/preferences`, {
    data: { language, theme: 'dark', diceSpeed: 'fast' },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

test.describe('the play screen by ear', () => {
  let cleo: Player;
  test.beforeAll(async ({ browser }) => {
    cleo = await newPlayer(browser, `a11yCleo${run}`);
  });
  test.afterAll(async () => {
    await cleo?.context.close();
  });

  test('the dice say their value and held state, the boxes their column, row and score; a roll and a fill are read out', async () => {
    const page = cleo.page;
    await preferences(cleo, 'en-US');
    await page.goto('/');
    await expect(rollButton(page)).toBeVisible({ timeout: 15_000 });
    const dice = page.locator('.dice button.die');
    await expect(dice).toHaveCount(5);

    // A roll, once its dice have landed: "Rolled: 2, 4, 4, 5, 6", in die order, as each die says.
    await roll(page);
    await expect(said(page)).toHaveText(/^Rolled: [1-6], [1-6], [1-6], [1-6], [1-6]$/);
    const faces = ((await said(page).textContent()) ?? '').replace('Rolled: ', '').split(', ');
    for (const [i, face] of faces.entries()) {
      await expect(dice.nth(i)).toHaveAccessibleName(`Die ${i + 1}: ${face}`);
      await expect(dice.nth(i)).toHaveAttribute('aria-pressed', 'false');
    }
    // Held: a toggle button, pressed, and "held" in its name.
    await dice.nth(2).click();
    await expect(page.getByRole('button', { name: `Die 3: ${faces[2]}, held`, pressed: true })).toBeVisible();
    await dice.nth(2).click();
    await expect(page.getByRole('button', { name: `Die 3: ${faces[2]}`, pressed: false })).toBeVisible();

    // Each open box says what it would write, where: the free column's Yamb, as any box.
    const yamb = page.locator('td[data-column="FREE"][data-box="YAMB"] button');
    await expect(yamb).toHaveAccessibleName(/^Write \d+ in Yamb, Free$/);
    const score = /^Write (\d+)/.exec((await yamb.getAttribute('aria-label')) ?? '')?.[1];
    await yamb.click();
    await expect(said(page)).toHaveText(new RegExp(`^Wrote ${score} in Yamb, Free; total \\d+$`));
    const total = await page.getByTestId('sheet-total').textContent();
    await expect(said(page)).toHaveText(`Wrote ${score} in Yamb, Free; total ${total}`);

    // The same in Croatian.
    await preferences(cleo, 'hr');
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Baci/ })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Baci/ }).click();
    await expect(said(page)).toHaveText(/^Bačeno: [1-6], [1-6], [1-6], [1-6], [1-6]$/);
    const croatian = ((await said(page).textContent()) ?? '').replace('Bačeno: ', '').split(', ');
    await expect(dice.first()).toHaveAccessibleName(`Kockica 1: ${croatian[0]}`);
    await dice.first().click();
    await expect(dice.first()).toHaveAccessibleName(`Kockica 1: ${croatian[0]}, zadržana`);
    const max = page.locator('td[data-column="FREE"][data-box="MAX"] button');
    await expect(max).toHaveAccessibleName(/^Upišite \d+ u Max, Slobodno$/);
    await max.click();
    await expect(said(page)).toHaveText(/^Upisano \d+ u Max, Slobodno; ukupno \d+$/);
    await expect(said(page)).toHaveText(
      new RegExp(`ukupno ${await page.getByTestId('sheet-total').textContent()}$`),
    );
  });
});
