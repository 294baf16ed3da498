import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DESKTOP, humanCheckOn } from './players';

// Accounts through the real UI: a visitor starts as a guest, signs up, verifies the e-mail, signs out and
// in (by username and by e-mail), resets a forgotten password through the mailed link, changes avatar and
// username, and keeps a theme on the server. One browser page follows the story from step to step.

test.describe.configure({ mode: 'serial' });

const MOBILE = { width: 360, height: 740 };
const GUEST_NAME = /^[A-Z][a-z]+[A-Z][a-z]+\d{1,3}$/;

// Unique per run: 3-15 letters and digits, starting with a letter.
const run = Date.now().toString(36).slice(-7);
const account = {
  username: `acc${run}`,
  renamed: `ren${run}`,
  email: `acc${run}@example.com`,
  password: 'dice-123',
  newPassword: 'yamb-456!',
};

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context.close();
});

/** Opens a page and waits until the session has started (the loading die gives way to the shell). */
async function open(target: Page, path: string) {
  await target.goto(path);
  await expect(target.getByRole('banner')).toBeVisible({ timeout: 15_000 });
}

const playerName = (target: Page) => target.getByRole('banner').locator('.nav-player-name');

async function signOut(target: Page) {
  await target
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  const dialog = target.getByRole('dialog', { name: 'Sign out?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(target).toHaveURL(/\/login$/);
  await expect(playerName(target)).toHaveText(GUEST_NAME);
}

async function signIn(target: Page, identifier: string, password: string) {
  await open(target, '/login');
  await target.getByLabel('Username or e-mail').fill(identifier);
  await target.getByLabel('Password', { exact: true }).fill(password);
  await target.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(target).toHaveURL(/\/$/);
}

interface Mail {
  toAddress: string;
  subject: string;
  text: string;
}

/** The newest link to `path` mailed to `to`, read from the local outbox (development only). */
async function mailedLink(request: APIRequestContext, to: string, path: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const reply = await request.get('/api/dev/outbox');
        const { _embedded } = (await reply.json()) as { _embedded: { mails: Mail[] } };
        const mail = _embedded.mails.find((m) => m.toAddress === to && m.text.includes(`${path}?token=`));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/** A 480x320 PNG drawn in the browser: a wide image, so the square crop has something to cut. */
async function pngFixture(target: Page): Promise<Buffer> {
  const dataUrl = await target.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    const gradient = g.createLinearGradient(0, 0, 480, 320);
    gradient.addColorStop(0, '#1f6f5c');
    gradient.addColorStop(1, '#e8b949');
    g.fillStyle = gradient;
    g.fillRect(0, 0, 480, 320);
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(240, 160, 90, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function noToasts(target: Page) {
  await expect(target.locator('.toast')).toHaveCount(0, { timeout: 8000 });
}

test('a visitor lands on / as a guest', async () => {
  await open(page, '/');
  await expect(playerName(page)).toHaveText(GUEST_NAME);
  await expect(page.getByRole('banner').locator('.nav-player-role')).toHaveText('Guest');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign up' }),
  ).toBeVisible();
});

test('the guest signs up; a bad username is explained while typing', async () => {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sign up' })
    .click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();

  const username = page.getByLabel('Username');
  await username.fill('1x');
  await expect(page.getByText('Username must be 3-15 characters long')).toBeVisible();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/Username must be 3-15 characters long/);
  await username.fill('1dice');
  await expect(page.getByText('Invalid username')).toBeVisible();
  await page.getByLabel('E-mail (optional)').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Password must be 6-30 characters long')).toBeVisible();

  await username.fill(account.username);
  await page.getByLabel('E-mail (optional)').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  // The guest became this account in place, so no sign-in form: the profile, with the mailbox hint on top.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Registration successful!' })).toContainText(
    `We sent a link to a…@example.com`,
  );
  await expect(page.locator('input[type=password]')).toHaveCount(0);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(account.username);
  await expect(playerName(page)).toHaveText(account.username);
  await expect(page.getByRole('banner').locator('.nav-player-role')).toHaveText('Player');
});

test('the e-mail is verified through the mailed link', async () => {
  const link = await mailedLink(page.request, account.email, '/email-verification');
  await open(page, link);
  await expect(page.getByText('Your e-mail address is verified. Thank you!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the game' })).toBeVisible();

  await open(page, '/email-verification');
  await expect(page.getByText('Email verification token is missing')).toBeVisible();
  await open(page, `/email-verification?token=${'x'.repeat(43)}`);
  await expect(page.getByText('Email verification failed!')).toBeVisible();
});

test('signing out asks first and lands on /login as a new guest', async () => {
  await open(page, '/profile');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(playerName(page)).toHaveText(account.username);

  await signOut(page);
  expect((await playerName(page).textContent()) ?? '').toMatch(GUEST_NAME);
});

test('signs in with the username, and again with the e-mail', async () => {
  await open(page, '/login');
  await page.getByLabel('Username or e-mail').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Wrong username, email or password' }),
  ).toBeVisible();

  await signIn(page, account.username, account.password);
  await expect(playerName(page)).toHaveText(account.username);
  await signOut(page);

  await signIn(page, account.email, account.password);
  await expect(playerName(page)).toHaveText(account.username);
  await signOut(page);
});

test('a forgotten password is reset through the mailed link', async () => {
  await open(page, '/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes before the screen's chunk has loaded, and until then the sign-in form (whose
  // "Username or e-mail" also answers to 'E-mail') is still on screen: wait for the new one.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await mailedLink(page.request, account.email, '/password-reset');
  await open(page, link);
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('New password').fill(account.newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(playerName(page)).toHaveText(account.username);

  await signOut(page);
  await open(page, '/login');
  await page.getByLabel('Username or e-mail').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Wrong username, email or password' }),
  ).toBeVisible();
  await signIn(page, account.username, account.newPassword);
  await expect(playerName(page)).toHaveText(account.username);
});

test('signed in, the reset link goes to the own address and the page says so plainly', async () => {
  await open(page, '/forgot-password');
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      `A link to choose a new password was sent to ${account.email}. The link is valid for 1 hour.`,
    ),
  ).toBeVisible();
  // Nothing about an account that may not exist, and no way "back" to a sign-in the player never left.
  await expect(page.getByText(/If an account/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a new avatar is cropped, uploaded and shown in the navigation', async () => {
  await open(page, '/profile');
  const png = await pngFixture(page);
  await page
    .getByLabel('Choose an image')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('heading', { name: 'Crop your avatar' })).toBeVisible();
  await page.getByLabel('Zoom').fill('1.5');
  await page.screenshot({ path: 'test-results/accounts-avatar-crop.png' });
  const upload = page.waitForResponse((r) => r.url().endsWith('/avatar') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save avatar' }).click();
  expect((await upload).status()).toBe(200);
  await expect(page.getByText('Avatar updated')).toBeVisible();

  const navAvatar = page.getByRole('banner').locator('img.avatar');
  await expect(navAvatar).toHaveAttribute('src', /\/api\/avatars\/.+\.png$/);
  await expect.poll(() => navAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  expect(await navAvatar.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(300);
});

test('the username is changed on the profile; a taken one reverts', async ({ request }) => {
  // A name that is taken: a player registered here for the purpose (the `request` fixture keeps its own
  // cookies, so the story's browser session is untouched).
  // A registered name of the username's shape: a guest's generated name can be longer than a username may
  // be, and the form would refuse it before asking the server.
  const takenName = `tak${run}`;
  expect((await request.post('/api/auth/register-guest', { data: {} })).status()).toBe(201);
  const other = await request.post('/api/auth/register', {
    data: { username: takenName, password: 'secret123' },
  });
  expect(other.status(), await other.text()).toBe(201);

  await open(page, '/profile');
  const username = page.getByLabel('Username');
  await expect(username).toHaveValue(account.username);
  const save = page.getByRole('button', { name: 'Save username' });
  await expect(save).toBeDisabled();

  await username.fill('x!');
  await expect(page.getByText('Username must be 3-15 characters long')).toBeVisible();

  // Someone has that name: the field goes back to the old name.
  await username.fill(takenName);
  await save.click();
  await expect(page.getByText('Username is already taken')).toBeVisible();
  await expect(username).toHaveValue(account.username);

  await username.fill(account.renamed);
  await save.click();
  await expect(page.getByText(`Username changed to ${account.renamed}`)).toBeVisible();
  await expect(playerName(page)).toHaveText(account.renamed);
  await expect(username).toHaveValue(account.renamed);
  await expect(save).toBeDisabled();
});

test('a theme chosen in settings while signed in is kept on the server', async () => {
  await open(page, '/settings');
  await expect(page.getByText('Your choices are saved to your account')).toBeVisible();
  const html = page.locator('html');
  const before = (await html.getAttribute('data-theme')) ?? 'dark';
  const chosen = before === 'dark' ? 'light' : 'dark';
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/preferences') && r.request().method() === 'PUT',
  );
  await page.getByRole('radio', { name: chosen === 'light' ? 'Light' : 'Dark' }).check();
  expect((await saved).status()).toBe(200);
  await expect(html).toHaveAttribute('data-theme', chosen);

  // As a guest the other theme is picked, in this browser only.
  await signOut(page);
  await open(page, '/settings');
  await page.getByRole('radio', { name: before === 'light' ? 'Light' : 'Dark' }).check();
  await expect(html).toHaveAttribute('data-theme', before);

  // Signing in brings back the theme saved on the server.
  await signIn(page, account.renamed, account.newPassword);
  await expect(html).toHaveAttribute('data-theme', chosen);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', chosen, { timeout: 15_000 });
});

test('a lost access cookie is renewed through the refresh token', async () => {
  await context.clearCookies({ name: 'yamb_access' });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
  await open(page, '/profile');
  expect((await refreshed).status()).toBe(200);
  await expect(playerName(page)).toHaveText(account.renamed);
  await expect(page.getByLabel('Username')).toHaveValue(account.renamed);
});

test('a legacy token in local storage becomes a cookie session', async () => {
  const access = (await context.cookies()).find((cookie) => cookie.name === 'yamb_access');
  expect(access).toBeDefined();
  await context.clearCookies();
  await page.evaluate((token) => window.localStorage.setItem('token', token), access?.value ?? '');
  const migrated = page.waitForResponse((r) => r.url().endsWith('/api/auth/migrate'));
  await open(page, '/profile');
  expect((await migrated).status()).toBe(200);
  await expect(playerName(page)).toHaveText(account.renamed);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('with the human check on, guest and sign-up requests carry a Turnstile token', async ({ browser }) => {
  const fresh = await browser.newContext({ viewport: DESKTOP });
  const visitor = await fresh.newPage();
  // The check is on (humanCheckOn), and Cloudflare's script is a stand-in that answers every widget with a
  // token naming its action.
  await humanCheckOn(visitor);
  await visitor.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.turnstile = {
        render(container, options) {
          if (options.sitekey !== 'test-site-key') throw new Error('wrong site key');
          setTimeout(() => options.callback('token-for-' + options.action), 20);
          return 'widget-1';
        },
        remove() {},
      };`,
    }),
  );
  const guest = visitor.waitForRequest((r) => r.url().endsWith('/api/auth/register-guest'));
  await open(visitor, '/register');
  expect((await guest).headers()['x-recaptcha-token']).toBe('token-for-register');

  await visitor.getByLabel('Username').fill(`hc${run}`);
  await visitor.getByLabel('Password', { exact: true }).fill(account.password);
  const signUp = visitor.waitForRequest((r) => r.url().endsWith('/api/auth/register'));
  await visitor.getByRole('button', { name: 'Sign up', exact: true }).click();
  expect((await signUp).headers()['x-recaptcha-token']).toBe('token-for-register');
  await expect(visitor).toHaveURL(/\/profile$/);
  await fresh.close();
});

test('field errors follow the current language', async ({ browser }) => {
  const fresh = await browser.newContext({ viewport: MOBILE });
  const croatian = await fresh.newPage();
  await croatian.addInitScript(() => window.localStorage.setItem('i18nextLng', 'hr'));
  await open(croatian, '/register');
  await expect(croatian.getByRole('heading', { name: 'Registracija', level: 1 })).toBeVisible();
  const username = croatian.getByLabel('Korisničko ime');
  await username.fill('ab');
  await expect(croatian.getByText('Korisničko ime mora imati 3-15 znakova')).toBeVisible();
  await username.fill('1abc');
  await expect(croatian.getByText('Neispravno korisničko ime')).toBeVisible();
  await croatian.getByLabel('Lozinka', { exact: true }).fill('kratk');
  await expect(croatian.getByText('Lozinka mora imati 6-30 znakova')).toBeVisible();
  await croatian.screenshot({ path: 'test-results/accounts-register-hr-360.png', fullPage: true });
  await fresh.close();
});

test('screenshots of the account screens at 360 px and on the desktop, dark and light', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shots = await browser.newContext({ viewport: DESKTOP });
  const shot = await shots.newPage();
  const take = async (name: string) => {
    await noToasts(shot);
    const path = `test-results/accounts-${name}.png`;
    await shot.screenshot({ path, fullPage: true });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  };
  const setTheme = async (theme: 'dark' | 'light') => {
    await open(shot, '/settings');
    await shot.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
    await expect(shot.locator('html')).toHaveAttribute('data-theme', theme);
  };

  for (const theme of ['dark', 'light'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['360', MOBILE],
    ] as const) {
      await shot.setViewportSize(viewport);
      // Anonymous screens, as a guest.
      await setTheme(theme);
      await open(shot, '/login');
      await take(`login-${theme}-${size}`);
      await open(shot, '/register');
      await shot.getByLabel('Username').fill('9lives');
      await shot.getByLabel('E-mail (optional)').fill('marko@example.com');
      await take(`register-${theme}-${size}`);
      await open(shot, '/forgot-password');
      await take(`forgot-password-${theme}-${size}`);
      await open(shot, '/profile');
      await take(`profile-guest-${theme}-${size}`);

      // The signed-in screens.
      await signIn(shot, account.renamed, account.newPassword);
      await setTheme(theme);
      await open(shot, '/profile');
      await expect(shot.getByLabel('Username')).toHaveValue(account.renamed);
      await take(`profile-${theme}-${size}`);
      await open(shot, '/forgot-password');
      await take(`forgot-password-member-${theme}-${size}`);
      const menu = shot.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await signOut(shot);
    }
  }
  await shots.close();
});
