// What a request may ask to have embedded in its answer. Apart from contract/players.ts, whose request
// schemas (valibot) the web app's first load must not carry: the play screen asks for its game this way.

/**
 * `?embed=currentGame` on GET /api/auth/session and POST /api/auth/register-guest: the answer embeds the
 * player's current solo game (created if need be), what `PUT /api/games/` would answer. The play screen
 * asks for it, so its roll waits on no request of its own: one round trip for a returning player, two
 * for a new visitor (issue 26).
 */
export const CURRENT_GAME_EMBED = 'currentGame';
