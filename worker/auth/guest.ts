import { guestName } from '../../game/guestName';

export { GUEST_NAME } from '../../game/guestName';

/** A guest name drawn with the platform's CSPRNG. */
export function randomGuestName(): string {
  return guestName((n) => (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) % n);
}
