import type { BrowserContext, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { PHONE } from './players';

/**
 * A phone's browser that is the full Chromium (/usr/bin/chromium), not the headless shell the other tests
 * run in, with a profile of its own (not incognito) and the app's service worker allowed: what only a real
 * browser does — offer to install the app, show a pushed notification — is tested in it.
 */
export function fullChromium(
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  baseURL: string | undefined,
): Promise<BrowserContext> {
  return playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    executablePath: '/usr/bin/chromium',
    baseURL,
    viewport: PHONE,
    serviceWorkers: 'allow',
  });
}
