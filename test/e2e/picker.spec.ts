import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, signUp } from './players';

// Issue 25 item 20: the clash form's player picker opens its results right under the field typed in, not
// under the "Play against Yamb Bot" button, at every width.

test('the picker’s results open under the field typed in, the bot’s button after them', async ({
  browser,
}) => {
  const run = Date.now().toString(36).slice(-6);
  const ana = await newPlayer(browser, `pick${run}a`);
  await signUp((await browser.newContext()).request, `pick${run}b`);
  for (const viewport of [PHONE, DESKTOP]) {
    await ana.page.setViewportSize(viewport);
    await open(ana.page, '/clashes');
    const field = ana.page.getByLabel('Players to invite');
    await field.fill(`pick${run}`);
    const option = ana.page.getByRole('button', { name: new RegExp(`Choose pick${run}b`) });
    await expect(option).toBeVisible();
    const input = (await field.boundingBox())!;
    const first = (await option.boundingBox())!;
    const bot = (await ana.page.getByRole('button', { name: 'Play against Yamb Bot' }).boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(input.y + input.height);
    expect(first.y - (input.y + input.height)).toBeLessThan(60);
    expect(bot.y).toBeGreaterThan(first.y + first.height);
    await noSidewaysScroll(ana.page);
  }
  await ana.context.close();
});
