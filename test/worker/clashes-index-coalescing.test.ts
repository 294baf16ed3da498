import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { INDEX_DELAY_MS, PROGRESS_INTERVAL_MS } from '../../durable-objects/writeBehindIndex';
import { clashRoom, clashRow, startedClash } from './clashes-helpers';
import { play } from './games-helpers';

/** How far ahead of now the clash room's D1 index write is due (null: none pending). */
async function indexWriteIn(clashId: number): Promise<number | null> {
  const alarms = await runInDurableObject(clashRoom(clashId), (_room, state) =>
    state.storage.kv.get<Record<string, number>>('alarms'),
  );
  return alarms?.index === undefined ? null : alarms.index - Date.now();
}

// The scale model (docs/scale.md): every move's index write lands on the one D1. A clash's rolls only move its
// games' totals along and wait PROGRESS_INTERVAL_MS; what the clash lists show ("your turn", who is in,
// the status) is written within INDEX_DELAY_MS.
describe('the D1 index of a clash in play is coalesced', () => {
  it('a roll waits its interval; the fill that passes the turn brings the write forward', async () => {
    const { clash, players, gameIds } = await startedClash(2);
    const [owner] = players;
    expect(await indexWriteIn(clash.id)).toBeNull();

    await play(owner!, gameIds[0]!, 'roll');
    await play(owner!, gameIds[0]!, 'roll');
    const afterRolls = await indexWriteIn(clash.id);
    expect(afterRolls).toBeGreaterThan(INDEX_DELAY_MS);
    expect(afterRolls).toBeLessThanOrEqual(PROGRESS_INTERVAL_MS);

    await play(owner!, gameIds[0]!, 'fill', { columnType: 'FREE', boxType: 'ONES' });
    expect(await indexWriteIn(clash.id)).toBeLessThanOrEqual(INDEX_DELAY_MS);
    expect(await runDurableObjectAlarm(clashRoom(clash.id))).toBe(true);
    // The lists now show the other player on turn.
    expect((await clashRow(clash.id))?.turn).toBe(1);
    expect(await indexWriteIn(clash.id)).toBeNull();
  });
});
