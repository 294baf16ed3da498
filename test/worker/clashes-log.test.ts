import { describe, expect, it } from 'vitest';
import type { ClashLogEntry, ClashServerMessage } from '../../contract/clashes';
import {
  type Message,
  runOutTurn,
  socket,
  startedClash,
  startedTimedClash,
  takeTurn,
} from './clashes-helpers';
import { call } from './helpers';

// The clash log (issue 25): every turn with what it wrote, turns run out, resignations and what the
// members said, kept by the room, sent whole to each socket that connects (a late joiner, a reload, a
// watcher) and line by line as it is written.

type Log = Extract<ClashServerMessage, { type: 'LOG' }>;
const isLog = (m: Message): m is Log => m.type === 'LOG';
const nextLog = async (s: { until(test: (m: Message) => boolean): Promise<Message> }) =>
  (await s.until(isLog)) as Log;
const strip = (entries: ClashLogEntry[]) => entries.map(({ seq: _seq, at: _at, ...line }) => line);

describe('the clash log', () => {
  it('tells a turn with the box and score it wrote, to members and watchers, and whole to a late joiner', async () => {
    const {
      clash,
      players: [ana, ben],
      gameIds,
    } = await startedClash();
    const watcher = await socket(`clashes/${clash.id}`, null, { log: true });
    expect(await nextLog(watcher)).toEqual({ type: 'LOG', entries: [], whole: true });

    const filled = await takeTurn(ana!, gameIds[0]!);
    const line = await nextLog(watcher);
    expect(line.whole).toBe(false);
    const written = filled.sheet.columns
      .flatMap((c) => c.boxes.map((b) => ({ column: c.type, box: b.type, value: b.value })))
      .find((b) => b.value !== null)!;
    expect(strip(line.entries)).toEqual([
      {
        kind: 'FILL',
        playerId: ana!.player.id,
        name: ana!.player.name,
        column: written.column,
        box: written.box,
        score: written.value,
      },
    ]);
    expect(line.entries[0]).toMatchObject({ seq: 1 });
    expect(Number.isNaN(Date.parse(line.entries[0]!.at))).toBe(false);

    const benTab = await socket(`clashes/${clash.id}`, ben!, { log: true });
    benTab.send({ type: 'REACTION', content: 'party' });
    const said = await nextLog(benTab);
    // The greeting's whole log comes first: Ana's turn, then Ben's reaction as it is written.
    expect(said.whole).toBe(true);
    expect(strip(said.entries)).toEqual(strip(line.entries));
    const reaction = await nextLog(benTab);
    expect(strip(reaction.entries)).toEqual([
      { kind: 'REACTION', playerId: ben!.player.id, name: ben!.player.name, content: 'party' },
    ]);
    expect(strip((await nextLog(watcher)).entries)).toEqual(strip(reaction.entries));

    // A reload (a new socket) reads the log whole, in the order written.
    const reload = await socket(`clashes/${clash.id}`, null, { log: true });
    const whole = await nextLog(reload);
    expect(whole.whole).toBe(true);
    expect(whole.entries.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'FILL'],
      [2, 'REACTION'],
    ]);
    for (const s of [watcher, benTab, reload]) s.close();
  });

  it('a refused suggestion writes nothing', async () => {
    const {
      clash,
      players: [ana],
    } = await startedClash();
    const tab = await socket(`clashes/${clash.id}`, ana!, { log: true });
    await nextLog(tab);
    tab.send({ type: 'SUGGESTION', content: 'Go for Yamb' });
    expect(strip((await nextLog(tab)).entries)).toMatchObject([
      { kind: 'SUGGESTION', content: 'Go for Yamb' },
    ]);
    // Within the cooldown: refused, and not logged.
    tab.send({ type: 'SUGGESTION', content: 'again' });
    expect(await tab.until((m) => m.type === 'ERROR')).toEqual({ type: 'ERROR', key: 'message-too-early' });
    const again = await socket(`clashes/${clash.id}`, ana!, { log: true });
    expect((await nextLog(again)).entries).toHaveLength(1);
    for (const s of [tab, again]) s.close();
  });

  it('tells a turn that ran out and a resignation', async () => {
    const {
      clash,
      players: [ana, , cleo],
    } = await startedTimedClash(3, 30);
    const watcher = await socket(`clashes/${clash.id}`, null, { log: true });
    await nextLog(watcher);
    await runOutTurn(clash.id);
    expect(strip((await nextLog(watcher)).entries)).toEqual([
      { kind: 'TIMEOUT', playerId: ana!.player.id, name: ana!.player.name },
    ]);
    const resigned = await call(`/clashes/${clash.id}/resign`, { method: 'PUT', jar: cleo!.jar });
    expect(resigned.status).toBe(200);
    expect(strip((await nextLog(watcher)).entries)).toEqual([
      { kind: 'RESIGNED', playerId: cleo!.player.id, name: cleo!.player.name },
    ]);
    watcher.close();
  });
});
