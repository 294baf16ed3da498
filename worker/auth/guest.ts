const COLORS = [
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Purple',
  'Orange',
  'Pink',
  'Cyan',
  'Teal',
  'White',
] as const;
const ANIMALS = [
  'Panda',
  'Tiger',
  'Dolphin',
  'Fox',
  'Owl',
  'Wolf',
  'Eagle',
  'Bear',
  'Shark',
  'Rabbit',
] as const;

export const GUEST_NAME = new RegExp(`^(${COLORS.join('|')})(${ANIMALS.join('|')})(\\d{1,3})$`);

function pick<T>(items: readonly T[]): T {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return items[n % items.length];
}

/** A colour, an animal and a number 0..999, as the product's guest names are. */
export function randomGuestName(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return `${pick(COLORS)}${pick(ANIMALS)}${n % 1000}`;
}
