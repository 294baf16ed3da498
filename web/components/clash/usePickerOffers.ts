import { usePlayerSearch } from '../../api/clashes';
import { useOnlinePlayers } from '../../api/presence';
import { useDebounced } from '../useDebounced';
import type { PickedPlayer } from './PlayerPicker';
import { useOnline } from './useOnline';

/** How many of the players online are offered before anything is typed. */
const ONLINE_SHOWN = 8;

/** Typing waits this long before it searches, so a name typed quickly is one request. */
const SEARCH_DELAY_MS = 250;

/**
 * What the player picker offers for `text`: the registered players found by name, or before anything is
 * typed those online now; never one in `exclude` or already `selected`. `here` says who is online.
 */
export function usePickerOffers(text: string, selected: readonly PickedPlayer[], exclude: readonly number[]) {
  const query = useDebounced(text, SEARCH_DELAY_MS);
  const search = usePlayerSearch(query);
  const active = useOnlinePlayers(ONLINE_SHOWN).players;
  const hidden = new Set([...exclude, ...selected.map((p) => p.id)]);
  const typed = text.trim().length > 0;
  const listed: PickedPlayer[] = (typed ? (search.data ?? []) : active).filter((p) => !hidden.has(p.id));
  const online = useOnline([...selected, ...listed].map((p) => p.id));
  // The bot is always there to play.
  const here = (player: PickedPlayer) => player.bot === true || online(player.id);
  // "Online now" offers those whose own shard says they are here: the online list hears of a leave from
  // the shard, and a leave lost to a restart (a deploy) keeps a player on it until the shard's resync.
  const candidates = typed ? listed : listed.filter(here);
  return { query, search, typed, hidden, candidates, here };
}
