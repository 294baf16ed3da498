// The quick-match queue's times, apart from its request schema (contract/quickMatch.ts, valibot): the web
// app's first load waits on the queue ("Play someone now") and must not carry valibot.

/** An API client waiting asks again this often (POST /api/quick-match), so the queue knows it is still there. */
export const QUICK_MATCH_HEARTBEAT_MS = 10_000;
/** An API client's entry not renewed for this long has left. A socket's entry lasts as long as its socket. */
export const QUICK_MATCH_STALE_MS = 30_000;
/** After this long alone the player is offered the practice bot, or to keep waiting. */
export const QUICK_MATCH_BOT_OFFER_MS = 20_000;
