import { newGame } from '../game/actions';
import { decodeTurn, encodeTurn, type LoggedTurn, type MoveEntry } from '../game/replay';
import type { RuleSet } from '../game/rules';

// A room's move log (issue 30): one storage key per turn, numbered in the order played, whose value is the
// turn's moves in game/replay.ts's compact form. A move rewrites only its turn's line (a few bytes), and the
// calls are synchronous storage calls: made in the run that commits the record, they commit with it, so a
// crash loses both or neither. A game started before the log existed is not `logged` (gameRecord.ts
// GameMeta): the room writes no line for it, and it has no replay.

const PREFIX = 'moves-';

const lineKey = (seq: number) => `${PREFIX}${String(seq).padStart(8, '0')}`;

/** A turn's line: its game, its moves encoded, and `o` while the turn is open (no fill or pass closed it). */
interface MoveLine {
  g: number;
  m: string;
  o?: 1;
}

/** A game the log holds turns of, for reading it back: the dice it starts with depend on its rules. */
export interface LoggedGame {
  id: number;
  rules: RuleSet;
}

export class MoveLog {
  constructor(private readonly kv: SyncKvStorage) {}

  /**
   * Writes `entry`, a move on game `gameId`, into its turn's line. A fill or a pass closes the turn; an undo
   * goes into the line of the fill it takes back and opens that turn again.
   */
  record(gameId: number, entry: MoveEntry) {
    const last = this.#last();
    const code = encodeTurn([entry]);
    const closes = entry.kind === 'FILL' || entry.kind === 'PASS';
    const continues = last && last.line.g === gameId && (last.line.o === 1 || entry.kind === 'UNDO');
    const seq = continues ? last.seq : (last?.seq ?? 0) + 1;
    const m = continues ? last.line.m + code : code;
    this.kv.put<MoveLine>(lineKey(seq), closes ? { g: gameId, m } : { g: gameId, m, o: 1 });
  }

  /** The log starts over (a restart): every line goes, and the game's new moves are logged. */
  clear() {
    for (const [key] of [...this.kv.list({ prefix: PREFIX })]) this.kv.delete(key);
  }

  /**
   * Every turn in the order played, decoded: each line needs the dice its game stood with when the turn
   * began (a roll keeps some of them). Null when a line does not decode for its game.
   */
  turns(games: readonly LoggedGame[]): LoggedTurn[] | null {
    const dice = new Map(games.map((g) => [g.id, newGame('SOLO', g.rules).dice]));
    const turns: LoggedTurn[] = [];
    for (const [, line] of this.kv.list<MoveLine>({ prefix: PREFIX })) {
      const standing = dice.get(line.g);
      const moves = standing && decodeTurn(line.m, standing.length, standing);
      if (!moves) return null;
      for (const move of moves) if (move.kind === 'ROLL') dice.set(line.g, move.dice);
      turns.push({ gameId: line.g, moves });
    }
    return turns;
  }

  /** The bytes of the log's keys and values as stored (the benchmark's measure). */
  bytes(): number {
    let total = 0;
    for (const [key, line] of this.kv.list<MoveLine>({ prefix: PREFIX }))
      total += key.length + JSON.stringify(line).length;
    return total;
  }

  #last(): { seq: number; line: MoveLine } | null {
    for (const [key, line] of this.kv.list<MoveLine>({ prefix: PREFIX, reverse: true, limit: 1 }))
      return { seq: Number(key.slice(PREFIX.length)), line };
    return null;
  }
}
