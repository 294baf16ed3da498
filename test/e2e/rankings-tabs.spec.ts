import { expect, test } from './fixtures';
import { newPlayer, noSidewaysScroll, open, type Player } from './players';

// The rankings' five tabs keep one line on a phone (issue 25 item 16), in English and in Croatian, whose
// labels are longer: short words where the page is narrow, each tab on one line, all of them in the row's width.

const run = Date.now().toString(36).slice(-6);

let dora: Player;

test.beforeAll(async ({ browser }) => {
  dora = await newPlayer(browser, `Tabs${run}`);
});

test.afterAll(async () => {
  await dora?.context.close();
});

for (const language of ['en-US', 'hr'] as const) {
  test(`the rankings tabs keep one line from 320 px up (${language})`, async () => {
    const reply = await dora.context.request.put(`/api/players/${dora.id}/preferences`, {
      data: { language, theme: 'light' },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    const page = dora.page;
    for (const width of [320, 360, 400, 480, 481, 600, 601, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      await open(page, '/rankings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'hr' ? 'Poredak' : 'Rankings',
      );
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveCount(5);
      const shape = await page.getByRole('tablist').evaluate((list) => {
        const row = list.getBoundingClientRect();
        return {
          scrolls: list.scrollWidth - list.clientWidth,
          tabs: [...list.querySelectorAll('[role="tab"]')].map((tab) => {
            const box = tab.getBoundingClientRect();
            const label = [...tab.querySelectorAll('span')].find((span) => span.offsetParent !== null)!;
            const line = parseFloat(getComputedStyle(label).lineHeight);
            return {
              text: label.textContent,
              top: box.top,
              left: box.left - row.left,
              right: box.right - row.left,
              lines: Math.round(label.getBoundingClientRect().height / line),
            };
          }),
          width: row.width,
        };
      });
      const names = shape.tabs.map((tab) => tab.text).join(' | ');
      for (const tab of shape.tabs) {
        expect(tab.lines, `"${tab.text}" on one line at ${width} px`).toBe(1);
        expect(tab.top).toBeCloseTo(shape.tabs[0].top, 0);
        expect(tab.left).toBeGreaterThanOrEqual(0);
        expect(tab.right, `${names} fit ${width} px`).toBeLessThanOrEqual(shape.width + 0.5);
      }
      expect(shape.scrolls, `the tab row scrolls at ${width} px: ${names}`).toBeLessThanOrEqual(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/shots-lists/tabs-${language}-${width}.png` });
    }
  });
}
