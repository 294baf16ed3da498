import { describe, expect, it } from 'vitest';
import { notifications, startedClash } from './clashes-helpers';
import { finish, playerResource } from './ratings-helpers';

// After a rated clash, each player hears how their rating moved ("a rating change after a
// clash"), once the completion and the ratings are written.

describe('the rating-changed notification', () => {
  it('tells every player of a rated clash their rating before and after', async () => {
    const started = await startedClash(2);
    await finish(started, [0, 30]);
    for (const session of started.players) {
      const [notice] = await notifications(session.player.id, 'rating-changed');
      const now = (await playerResource(session.player.id)).rating?.value;
      expect(notice?.params).toMatchObject({ clash: started.clash.name, before: '1500', after: String(now) });
      expect(notice?.link).toBe(`/players/${session.player.id}`);
    }
    const [loser, winner] = started.players;
    const [lost] = await notifications(loser!.player.id, 'rating-changed');
    const [won] = await notifications(winner!.player.id, 'rating-changed');
    expect(Number(lost?.params.after)).toBeLessThan(1500);
    expect(Number(won?.params.after)).toBeGreaterThan(1500);
  });
});
