import { d1 } from './d1';
import { expect, test } from './fixtures';
import { DESKTOP, newPlayer, noSidewaysScroll, open, PHONE, type Player } from './players';

// The rating chart's dates (issue 25 item 14): a player rated after two clashes a day for three days
// saw one date written four times, under no point in particular. Each date is now written once, centred
// under the first point of its day.

const run = Date.now().toString(36).slice(-6);
const HOUR = 3_600_000;

let cleo: Player;

test.beforeAll(async ({ browser }) => {
  cleo = await newPlayer(browser, `Chart${run}`);
  // Six rated clashes, two a day (10:00 and 14:00 UTC) on each of the three days before today: what years
  // of play leave and no route makes at once (a whole clash per point would take minutes).
  const start = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR - 3 * 24 * HOUR;
  const times = [10, 14, 34, 38, 58, 62].map((hours) => start + hours * HOUR);
  const id = Math.trunc(cleo.id);
  d1(
    [
      ...times.map(
        (time, i) =>
          `INSERT INTO clashes (name, owner_id, status, created_at, updated_at) VALUES ('chart-${run}-${i}', ${id}, 'COMPLETED', ${time}, ${time});`,
      ),
      `INSERT INTO rating_changes (clash_id, player_id, place, mu_before, sigma_before, mu_after, sigma_after, created_at)
       SELECT id, ${id}, 1, 25 + (id % 3), 8, 26 + (id % 5), 7, created_at FROM clashes WHERE name LIKE 'chart-${run}-%';`,
      `INSERT INTO player_ratings (player_id, preset, mu, sigma, rated_clashes) VALUES (${id}, 'CLASSIC', 27, 6, 6);`,
    ].join('\n'),
  );
});

test.afterAll(async () => {
  await cleo?.context.close();
});

test('the rating chart writes each date once, centred under the first point of its day', async () => {
  const page = cleo.page;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await open(page, `/players/${cleo.id}`);
    const chart = page.getByRole('region', { name: 'Clash rating' }).locator('svg[role="img"]');
    await expect(chart.locator('.score-chart-points circle')).toHaveCount(6);
    const { labels, points, svg } = await chart.evaluate((element) => {
      const centre = (box: DOMRect) => box.left + box.width / 2;
      return {
        labels: [...element.querySelectorAll('.score-chart-dates text')].map((text) => ({
          text: text.textContent ?? '',
          x: centre(text.getBoundingClientRect()),
          left: text.getBoundingClientRect().left,
          right: text.getBoundingClientRect().right,
        })),
        points: [...element.querySelectorAll('.score-chart-points circle')].map((circle) =>
          centre(circle.getBoundingClientRect()),
        ),
        svg: { left: element.getBoundingClientRect().left, right: element.getBoundingClientRect().right },
      };
    });
    const texts = labels.map((label) => label.text);
    expect(new Set(texts).size, `dates ${texts.join(', ')}`).toBe(texts.length);
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const label of labels) {
      const nearest = Math.min(...points.map((x) => Math.abs(x - label.x)));
      expect(nearest, `"${label.text}" stands under a point`).toBeLessThanOrEqual(3);
      expect(label.left).toBeGreaterThanOrEqual(svg.left - 0.5);
      expect(label.right).toBeLessThanOrEqual(svg.right + 0.5);
    }
    // The first day's label is under the first point, the last day's under the fifth (its day's first).
    expect(Math.abs(labels[0].x - points[0])).toBeLessThanOrEqual(3);
    expect(Math.abs(labels[labels.length - 1].x - points[4])).toBeLessThanOrEqual(3);
    await noSidewaysScroll(page);
    await page.screenshot({ path: `test-results/rating-chart-${viewport.width}.png` });
  }
});
