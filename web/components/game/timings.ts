// SPEC section 9 timings of the play screen.

/** After a roll, the roll button takes no click for this long. */
export const ROLL_LOCK_MS = 500;
/** After a click on a box, the sheet takes no click for this long. */
export const BOX_LOCK_MS = 300;
/** The box the last fill wrote glows this long. */
export const GLOW_MS = 1500;
