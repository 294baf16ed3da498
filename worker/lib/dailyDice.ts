import { type DiceSource, filledCount, type GameState } from '../../game';

// The daily game's dice: the face of die `die` at roll `roll` of turn `turn` is drawn from an HMAC of the
// day's secret, so every player who makes the same choices meets the same dice, and nobody without the
// secret can tell a face before it is rolled.

// 252 is the largest multiple of 6 that fits in a byte; bytes above it would favour faces 1-4.
const BYTE_LIMIT = 252;
const SECRET_BYTES = 32;

/** A new day's secret: 32 bytes from the platform's CSPRNG, as hex. */
export function newDailySecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The HMAC key of a day's secret (hex); import it once to draw many faces. */
export function dailyKey(secret: string): Promise<CryptoKey> {
  const pairs = secret.match(/../g) ?? [];
  const bytes = new Uint8Array(pairs.map((pair) => parseInt(pair, 16)));
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/**
 * The face (1..6) of die `die` at roll `roll` of turn `turn`. A byte of 252 or more is rejected and the
 * next byte of the MAC taken; should all 32 be rejected, a counter in the message gives a fresh MAC.
 */
export async function dailyFace(key: CryptoKey, turn: number, roll: number, die: number): Promise<number> {
  for (let counter = 0; ; counter++) {
    const message = new DataView(new ArrayBuffer(16));
    [turn, roll, die, counter].forEach((n, i) => message.setUint32(i * 4, n));
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
    for (const byte of mac) if (byte < BYTE_LIMIT) return (byte % 6) + 1;
  }
}

/** Where a game stands in the day's dice: its turn is the number of boxes filled, its roll the rolls made. */
export const dailyPosition = (state: GameState) => ({
  turn: filledCount(state.sheet),
  roll: state.rollCount,
});

/** The faces of all the dice at `state`'s turn and next roll: a roll takes those of the dice it throws. */
export async function dailyFaces(secret: string, state: GameState): Promise<number[]> {
  const key = await dailyKey(secret);
  const { turn, roll } = dailyPosition(state);
  return Promise.all(Array.from({ length: state.rules.dice }, (_, die) => dailyFace(key, turn, roll, die)));
}

/**
 * The dice source of one roll from `faces` (dailyFaces of the same state): the rules ask it for the thrown
 * dice in index order (all of them on a turn's first roll, or when none are named), so it answers those
 * dice's faces in that order.
 */
export function dailyRollSource(
  faces: readonly number[],
  state: GameState,
  diceToRoll: readonly number[] | null,
): DiceSource {
  const thrown =
    state.rollCount === 0 || diceToRoll === null
      ? faces.map((_, die) => die)
      : [...diceToRoll].sort((a, b) => a - b);
  return () => thrown.map((die) => faces[die] ?? 0);
}
