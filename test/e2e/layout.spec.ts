import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The play screen fits every screen: a sweep of viewports, in both languages, after one roll with two
// dice held, on the classic sheet and on the LONG rule set's (issue 27: six dice, seven columns). Asserted
// by geometry (STYLE.md): the page never scrolls sideways, the dice sit inside the tray and the viewport, and every column heading and row name of the sheet is whole inside its cell (not
// cut, not under an ellipsis, not over its neighbour). Landscape phones show the tray and the sheet
// together. Each viewport leaves a screenshot in test-results/.

interface Viewport {
  width: number;
  height: number;
  /** Also shot in the light theme. */
  light?: boolean;
}

const VIEWPORTS: Viewport[] = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 480, height: 860 },
  { width: 481, height: 860 },
  { width: 540, height: 900 },
  { width: 600, height: 960, light: true },
  { width: 768, height: 1024 },
  { width: 820, height: 1180 },
  { width: 900, height: 1200 },
  { width: 1024, height: 768, light: true },
  { width: 1180, height: 820 },
  { width: 1279, height: 800 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  // Phones held sideways.
  { width: 640, height: 360 },
  { width: 740, height: 360 },
  { width: 844, height: 390, light: true },
  { width: 932, height: 430 },
];

const landscapePhone = (v: Viewport) => v.height <= 500 && v.width > v.height;

test.use({ reducedMotion: 'reduce' });

interface Problem {
  what: string;
  text: string;
  detail: string;
}

/** Every geometry problem on screen now, in words (an empty list when the layout holds). */
function measure(page: Page, landscape: boolean, diceCount: number): Promise<Problem[]> {
  return page.evaluate(
    ([landscape, diceCount]) => {
      const problems: { what: string; text: string; detail: string }[] = [];
      const SLACK = 0.5;
      const box = (r: DOMRect) =>
        `${r.left.toFixed(1)}..${r.right.toFixed(1)} × ${r.top.toFixed(1)}..${r.bottom.toFixed(1)}`;
      const inside = (inner: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
        inner.left >= outer.left - SLACK &&
        inner.right <= outer.right + SLACK &&
        inner.top >= outer.top - SLACK &&
        inner.bottom <= outer.bottom + SLACK;
      const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };

      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > window.innerWidth) {
        problems.push({
          what: 'sideways scroll',
          text: '',
          detail: `scrollWidth ${scrollWidth} > ${window.innerWidth}`,
        });
      }

      const tray = document.querySelector('.board-tray')!.getBoundingClientRect();
      const dice = [...document.querySelectorAll('.dice .die')];
      if (dice.length !== diceCount) problems.push({ what: 'dice', text: '', detail: `${dice.length} dice` });
      dice.forEach((die, i) => {
        const r = die.getBoundingClientRect();
        if (!inside(r, tray))
          problems.push({
            what: 'die outside the tray',
            text: `die ${i + 1}`,
            detail: `${box(r)} in ${box(tray)}`,
          });
        if (!inside(r, viewport))
          problems.push({ what: 'die outside the viewport', text: `die ${i + 1}`, detail: box(r) });
      });

      // The "held" labels under the held dice: inside the tray, no wider than their own die (so two
      // neighbours are always a gap apart, never running into one word), and clear of each other.
      const labels = [...document.querySelectorAll('.dice .die-held')]
        .filter((label) => label.textContent?.trim())
        .map((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          const die = label.closest('.die-slot')?.querySelector('.die')?.getBoundingClientRect();
          return { text: label.textContent ?? '', rect: range.getBoundingClientRect(), die };
        });
      labels.forEach(({ text, rect, die }, i) => {
        if (!inside(rect, tray))
          problems.push({ what: 'held label outside the tray', text, detail: box(rect) });
        if (die && (rect.left < die.left - 0.5 || rect.right > die.right + 0.5))
          problems.push({
            what: 'held label wider than its die',
            text,
            detail: `${box(rect)} vs ${box(die)}`,
          });
        const next = labels[i + 1];
        if (next && next.rect.left < rect.right && next.rect.right > rect.left) {
          problems.push({ what: 'held labels overlap', text, detail: `${box(rect)} and ${box(next.rect)}` });
        }
      });

      // The sheet fits its card: no sideways scroll inside it either, which would hide columns.
      const card = document.querySelector('.board-sheet')!;
      if (card.scrollWidth > card.clientWidth + 1) {
        problems.push({
          what: 'sheet scrolls sideways',
          text: '',
          detail: `${card.scrollWidth} > ${card.clientWidth}`,
        });
      }

      // Text that is only read out (the visually-hidden rule: 1 px, clipped) or not shown at all does not count.
      const shown = (node: Text, cell: Element) => {
        for (let el = node.parentElement; el && el !== cell.parentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.display === 'none' || style.visibility === 'hidden') return false;
          if (
            style.position === 'absolute' &&
            style.overflow === 'hidden' &&
            el.getBoundingClientRect().width <= 1
          )
            return false;
        }
        return true;
      };
      const cells = document.querySelectorAll('.sheet th.sheet-col, .sheet th.sheet-box-name');
      const columns = document.querySelectorAll('.sheet th.sheet-col').length;
      if (columns !== (diceCount === 6 ? 7 : 4))
        problems.push({ what: 'sheet', text: '', detail: `${columns} columns` });
      if (cells.length < 13 + columns)
        problems.push({ what: 'sheet', text: '', detail: `${cells.length} name cells` });
      for (const cell of cells) {
        const rect = cell.getBoundingClientRect();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let visible = '';
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          if (!node.data.trim() || !shown(node, cell)) continue;
          visible += node.data;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.width === 0) continue;
            if (!inside(r, rect))
              problems.push({
                what: 'text outside its cell',
                text: node.data,
                detail: `${box(r)} in ${box(rect)}`,
              });
          }
        }
        // A name may be an icon (a die face) but never nothing at all, and never cut to an ellipsis.
        const style = getComputedStyle(cell);
        if (style.textOverflow === 'ellipsis' && cell.scrollWidth > cell.clientWidth + 1) {
          problems.push({
            what: 'ellipsis',
            text: visible,
            detail: `${cell.scrollWidth} > ${cell.clientWidth}`,
          });
        }
        if (!visible.trim() && !cell.querySelector('svg'))
          problems.push({ what: 'empty name', text: cell.textContent ?? '', detail: box(rect) });
      }

      if (landscape) {
        const row = document.querySelector('.sheet .sheet-row')!.getBoundingClientRect();
        if (!inside(tray, viewport))
          problems.push({ what: 'tray not on screen', text: '', detail: box(tray) });
        if (!inside(row, viewport))
          problems.push({ what: 'first sheet row not on screen', text: '', detail: box(row) });
      }
      return problems;
    },
    [landscape, diceCount] as const,
  );
}

/** The rule sets swept: the classic sheet, and the widest there is (LONG: six dice, seven columns). */
const RULE_SETS = [
  { preset: 'CLASSIC', dice: 5, title: '' },
  { preset: 'LONG', dice: 6, title: ' with the LONG rule set' },
] as const;

for (const rules of RULE_SETS)
  for (const language of ['en', 'hr'] as const) {
    test(`the play screen fits every viewport${rules.title} (${language})`, async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      await page.addInitScript((lng) => {
        window.localStorage.setItem('i18nextLng', lng);
        window.localStorage.setItem('theme', 'dark');
      }, language);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/');
      const roll = page.locator('.board .roll-button');
      await expect(roll).toBeVisible({ timeout: 20_000 });
      if (rules.preset !== 'CLASSIC') {
        // The new visitor's untouched game makes way for one of these rules (PUT /api/games/ with `rules`).
        const me = (await (await page.request.get('/api/players/me')).json()) as { id: number };
        const made = await page.request.put('/api/games/', {
          data: { playerId: me.id, rules: rules.preset },
        });
        expect(made.status(), await made.text()).toBe(200);
        await page.reload();
        await expect(page.locator('.dice .die')).toHaveCount(rules.dice, { timeout: 20_000 });
      }
      const before = await roll.textContent();
      await roll.click();
      await expect(roll).not.toHaveText(before ?? '');
      await expect(page.locator('.sheet-button').first()).toBeVisible();
      // Two neighbouring dice held: a held die is raised and labelled, and both must stay inside the tray.
      await expect(roll).not.toHaveAttribute('aria-disabled', 'true');
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      await expect(page.locator('.die--held')).toHaveCount(2);

      const failures: string[] = [];
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.evaluate(() => window.scrollTo(0, 0));
        // Two frames: the media and container queries apply, the sticky offsets are measured again.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const name = `${viewport.width}x${viewport.height}${rules.preset === 'CLASSIC' ? '' : `-${rules.preset}`}`;
        for (const problem of await measure(page, landscapePhone(viewport), rules.dice)) {
          failures.push(`${name} ${language}: ${problem.what} "${problem.text}" ${problem.detail}`);
        }
        const path = `test-results/layout-${name}-${language}.png`;
        await page.screenshot({ path });
        await testInfo.attach(`layout-${name}-${language}`, { path, contentType: 'image/png' });
        if (viewport.light) {
          await page.evaluate(() => {
            document.documentElement.dataset.theme = 'light';
          });
          const light = `test-results/layout-${name}-${language}-light.png`;
          await page.screenshot({ path: light });
          await testInfo.attach(`layout-${name}-${language}-light`, {
            path: light,
            contentType: 'image/png',
          });
          await page.evaluate(() => {
            document.documentElement.dataset.theme = 'dark';
          });
        }
      }
      expect(failures).toEqual([]);
    });
  }
