import { type Connection, type ConnectionContext, Server } from 'partyserver';
import * as v from 'valibot';
import type { ActivePlayer, PresenceServerMessage } from '../contract/presence';
import { VIEWER_HEADER, VIEWER_PROFILE_HEADER, viewerFrom } from '../worker/lib/viewer';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';

/** The close code of a channel whose session ended: the client renews its session before it reconnects. */
export const SESSION_ENDED = 4001;

const playerTag = (playerId: number) => `player-${playerId}`;

/** How worker/routes/live.ts describes the player opening a channel (VIEWER_PROFILE_HEADER). */
const Profile = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.string(),
  avatar: v.nullable(v.object({ url: v.string() })),
  guest: v.boolean(),
});
type Profile = v.InferOutput<typeof Profile>;

/** A channel's state: its player's profile, or null when the upgrade carried none. */
interface Channel {
  profile: Profile | null;
}

function profileFrom(header: string | null): Profile | null {
  if (!header) return null;
  try {
    const result = v.safeParse(Profile, JSON.parse(header));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** Only registered players are listed; a guest's channel is there for its private pushes alone. */
const listed = (profile: Profile | null | undefined): profile is Profile => !!profile && !profile.guest;

const byName = (a: ActivePlayer, b: ActivePlayer) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/**
 * Who is online, and each player's private channel. The list is never kept in a field: it is read from
 * the open channels and the profile each one carries in its attachment, so a hibernated room that wakes
 * up for a close knows who is still there.
 */
export class Presence extends Server {
  static override options = { hibernate: true };

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
  }

  /** A round trip for the health check. */
  ping(): 'pong' {
    return 'pong';
  }

  /** The registered players with at least one open tab, each once, by name (GET /api/players/active). */
  active(): ActivePlayer[] {
    return this.#activeWithout(null);
  }

  /** Each channel is tagged with its player, so that the player's channels can be found after hibernation. */
  override getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const playerId = viewerFrom(ctx.request.headers.get(VIEWER_HEADER));
    return playerId ? [playerTag(playerId)] : [];
  }

  /**
   * Closes the player's open channels: their session ended (logout, a password change, a stolen refresh
   * token). A channel's token was checked when it opened, so without this it would keep listening.
   */
  endSessions(playerId: number) {
    const before = this.#activeWithout(null);
    for (const connection of this.getConnections(playerTag(playerId)))
      connection.close(SESSION_ENDED, 'session-ended');
    // A closed channel is no longer open, so the list read now leaves the player out; the close event
    // that follows finds nothing changed.
    this.#broadcastIfChanged(before, this.#activeWithout(null));
  }

  /** Sends `message` to every open tab of the player, and to nobody else. */
  push(playerId: number, message: PresenceServerMessage) {
    const text = JSON.stringify(message);
    for (const connection of this.getConnections(playerTag(playerId))) {
      try {
        connection.send(text);
      } catch {
        // A tab closing under us; the notification row stays for its next load.
      }
    }
  }

  /** A player's first tab puts them on everyone's list; any tab gets the list as it is now. */
  override onConnect(connection: Connection<Channel>, ctx: ConnectionContext) {
    const before = this.#activeWithout(connection.id);
    // The state is the socket's attachment: it survives hibernation, unlike a field of this object.
    connection.setState({ profile: profileFrom(ctx.request.headers.get(VIEWER_PROFILE_HEADER)) });
    const after = this.#activeWithout(null);
    if (!this.#broadcastIfChanged(before, after)) connection.send(playersMessage(after));
  }

  /** A player's last tab closing takes them off the list. */
  override onClose(connection: Connection<Channel>) {
    this.#left(connection);
  }

  override onError(connection: Connection<Channel>) {
    this.#left(connection);
  }

  /**
   * The channel is leaving. Whether the runtime still counts it as open while its close is handled
   * depends on who closed first, so it is left out by id rather than by its state.
   */
  #left(connection: Connection<Channel>) {
    const profile = connection.state?.profile;
    const after = this.#activeWithout(connection.id);
    if (listed(profile) && !after.some((player) => player.id === profile.id))
      this.broadcast(playersMessage(after), [connection.id]);
  }

  /** Broadcasts `after` when it differs from `before`; true when it did. */
  #broadcastIfChanged(before: ActivePlayer[], after: ActivePlayer[]): boolean {
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    this.broadcast(playersMessage(after));
    return true;
  }

  /** The active players read from the open channels, leaving out the channel `skip` (by id) if given. */
  #activeWithout(skip: string | null): ActivePlayer[] {
    const players = new Map<number, ActivePlayer>();
    for (const connection of this.getConnections<Channel>()) {
      if (connection.id === skip) continue;
      const profile = connection.state?.profile;
      if (!listed(profile) || players.has(profile.id)) continue;
      players.set(profile.id, { id: profile.id, name: profile.name, avatar: profile.avatar });
    }
    return [...players.values()].sort(byName);
  }
}

/** Every PLAYERS message is a greeting: a new channel's first message is one (its own or a broadcast). */
const playersMessage = (players: ActivePlayer[]) =>
  greeting(JSON.stringify({ type: 'PLAYERS', players } satisfies PresenceServerMessage));
