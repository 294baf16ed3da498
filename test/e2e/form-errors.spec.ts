import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, noSidewaysScroll, open, PHONE } from './players';

// What is wrong with a form looks the same on every screen: a field's error and a whole form's share one
// style (the danger colour, bold, after a warning sign); an error takes the place of the hint it repeats;
// and a focused invalid field keeps a red ring instead of the focus colour over its red border.

test.use({ reducedMotion: 'reduce' });

/** What a reader sees of an error's look. */
const look = (error: Locator) =>
  error.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      color: style.color,
      fontSize: style.fontSize,
      fontWeight: style.fontWeight,
      sign: getComputedStyle(element, '::before').content,
    };
  });

/** The colour var(--danger) resolves to in the current theme, as the browser writes colours. */
const danger = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--danger)';
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });

const setTheme = (page: Page, theme: string) =>
  page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
  }, theme);

test('a sign-up error replaces the hint it repeats, and a focused invalid field keeps a red ring', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await open(page, '/register');
  const username = page.getByLabel('Username');
  const hint = page.getByText('3-15 letters and digits, starting with a letter.');
  await expect(hint).toBeVisible();
  await expect(username).toHaveAccessibleDescription('3-15 letters and digits, starting with a letter.');

  await username.fill('1x');
  const error = page.locator('.field-error').filter({ hasText: 'Username must be 3-15 characters long' });
  await expect(error).toBeVisible();
  // The rule is said once: the error, and not the unchanged hint beneath it.
  await expect(hint).toHaveCount(0);
  await expect(username).toHaveAccessibleDescription('Username must be 3-15 characters long');
  await username.fill('ab1');
  await expect(hint).toBeVisible();
  await username.fill('1x');

  for (const theme of ['light', 'dark']) {
    await setTheme(page, theme);
    await username.focus();
    const red = await danger(page);
    const ring = await username.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineColor, width: style.outlineWidth, border: style.borderTopColor };
    });
    expect(ring).toEqual({ outline: red, width: '3px', border: red });
    expect((await look(error)).color).toBe(red);
    // The error sits under its field, inside the card, at the phone's width.
    const field = await username.boundingBox();
    const box = await error.boundingBox();
    expect(field && box && box.y >= field.y + field.height).toBe(true);
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
    await noSidewaysScroll(page);
  }
  // A valid focused field keeps the ordinary focus ring.
  await username.fill('abc1');
  const focus = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--focus').trim(),
  );
  expect(focus).not.toBe('');
  expect(await username.evaluate((element) => getComputedStyle(element).outlineColor)).not.toBe(
    await danger(page),
  );
});

test('a field’s error and a whole form’s look the same, on the sign-in form and the contact form', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await open(page, '/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const fieldError = page.locator('.field-error').first();
  await expect(fieldError).toBeVisible();
  const fieldLook = await look(fieldError);
  expect(fieldLook.sign).toContain('⚠');
  expect(fieldLook.fontWeight).toBe('600');

  await page.getByLabel('Username or e-mail').fill('nobodyhere1');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const formError = page.getByRole('alert').filter({ hasText: 'Wrong username, email or password' });
  await expect(formError).toBeVisible();
  expect(await look(formError)).toEqual(fieldLook);

  // The contact form's field errors are the same style, though it is another screen's form.
  await open(page, '/about#contact');
  await page.getByRole('button', { name: 'Submit ticket' }).click();
  const ticketError = page.locator('.field-error').filter({ hasText: 'Title is required' });
  await expect(ticketError).toBeVisible();
  expect(await look(ticketError)).toEqual(fieldLook);
});
