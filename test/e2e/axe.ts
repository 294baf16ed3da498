import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures';

// axe-core checks for the browser tests: the serious and critical violations of WCAG 2.1 A and AA on a page,
// in both themes.

const THEMES = ['dark', 'light'] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What a theme changes: colours only (styles.css keeps them in variables per theme, and nothing else
 * differs), so after the first theme only the rules that read colours need to run again.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core, put into the page once per document and run there: injecting it for every check (and
 * finishing each in a blank page, as @axe-core/playwright does) was most of this file's time. Only the
 * top document is checked: our pages have no frame of their own, and the human check's is Cloudflare's.
 */
async function injectAxe(page: Page) {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(axe.source);
}

/**
 * The serious and critical violations on the page as it is now, one line each (rule, impact, where,
 * what), of the WCAG 2.1 A and AA rules or only `rules`.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await injectAxe(page);
  const runOnly: axe.RunOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG };
  const violations = await page.evaluate(async (only) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { runOnly: only, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.join(' '), failureSummary })),
    }));
  }, runOnly);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact}) at ${node.target}: ${v.help}` +
          (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''),
      ),
    );
}

/**
 * Checks the page in both themes, switched in place: every rule in the first, the colour rules in the
 * second. Every violation of both is reported at once.
 */
export async function checkBothThemes(page: Page) {
  const found: string[] = [];
  for (const theme of THEMES) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    // Two frames: the new colours are painted before axe reads them.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const rules = theme === THEMES[0] ? undefined : COLOUR_RULES;
    found.push(...(await seriousViolations(page, rules)).map((line) => `[${theme}] ${line}`));
  }
  expect(found, 'serious or critical axe-core violations').toEqual([]);
}
