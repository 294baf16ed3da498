import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boxCount, CLASSIC_RULES, MAX_ROLLS, newGame } from '../../game';
import { dailyFace, dailyFaces, dailyKey, dailyRollSource, newDailySecret } from '../../worker/lib/dailyDice';

/** Fixed secrets, so the share test draws the same 600,000 faces on every run. */
const secretNumber = (n: number) => createHash('sha256').update(`daily-test-${n}`).digest('hex');

describe('the daily dice', () => {
  it('give each face within 1% (relative) of a sixth over 600,000 draws', async () => {
    const draws = 600_000;
    const counts = [0, 0, 0, 0, 0, 0];
    let drawn = 0;
    for (let n = 0; drawn < draws; n++) {
      const key = await dailyKey(secretNumber(n));
      const faces: Promise<number>[] = [];
      for (let turn = 0; turn < boxCount(CLASSIC_RULES) && drawn + faces.length < draws; turn++)
        for (let roll = 0; roll < MAX_ROLLS && drawn + faces.length < draws; roll++)
          for (let die = 0; die < CLASSIC_RULES.dice && drawn + faces.length < draws; die++)
            faces.push(dailyFace(key, turn, roll, die));
      for (const face of await Promise.all(faces)) counts[face - 1] += 1;
      drawn += faces.length;
    }
    expect(counts.reduce((a, b) => a + b)).toBe(draws);
    for (const count of counts) expect(Math.abs(count / draws - 1 / 6) / (1 / 6)).toBeLessThan(0.01);
  }, 120_000);

  it('are the same for the same day, turn, roll and die, and another day rolls others', async () => {
    const secret = newDailySecret();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const [a, b, other] = await Promise.all([dailyKey(secret), dailyKey(secret), dailyKey(newDailySecret())]);
    const positions = Array.from({ length: 60 }, (_, k) => [k % 52, k % 3, k % 5] as const);
    const draw = (key: CryptoKey) => Promise.all(positions.map(([t, r, i]) => dailyFace(key, t, r, i)));
    const [first, again, elsewhere] = await Promise.all([draw(a), draw(b), draw(other)]);
    expect(again).toEqual(first);
    // 60 faces of two independent days agree with chance 6^-60.
    expect(elsewhere).not.toEqual(first);
  });

  it('give a roll the faces of the dice it throws, in index order', async () => {
    const secret = secretNumber(1);
    const fresh = newGame('DAILY');
    const faces = await dailyFaces(secret, fresh);
    const key = await dailyKey(secret);
    expect(faces).toEqual(await Promise.all([0, 1, 2, 3, 4].map((die) => dailyFace(key, 0, 0, die))));
    // A turn's first roll throws all five, whatever was asked.
    expect(dailyRollSource(faces, fresh, [3])(5)).toEqual(faces);
    // A later roll throws the chosen dice only, in index order.
    const rolled = { ...fresh, rollCount: 1 };
    const second = await dailyFaces(secret, rolled);
    expect(second).toEqual(await Promise.all([0, 1, 2, 3, 4].map((die) => dailyFace(key, 0, 1, die))));
    expect(dailyRollSource(second, rolled, [4, 1])(2)).toEqual([second[1], second[4]]);
  });
});
