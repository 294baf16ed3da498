/** SPEC section 9: a guest's name is a colour word, an animal word and a number 0 to 999, e.g. "BluePanda42". */
export const GUEST_COLORS = [
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
];
export const GUEST_ANIMALS = [
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
];

export const GUEST_NAME = new RegExp(`^(${GUEST_COLORS.join('|')})(${GUEST_ANIMALS.join('|')})(\\d{1,3})$`);

/** `randomBelow(n)` returns an integer in [0, n); game/ has no randomness of its own. */
export function guestName(randomBelow: (n: number) => number): string {
  const color = GUEST_COLORS[randomBelow(GUEST_COLORS.length)];
  const animal = GUEST_ANIMALS[randomBelow(GUEST_ANIMALS.length)];
  return `${color}${animal}${randomBelow(1000)}`;
}
