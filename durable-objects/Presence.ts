import { type Connection, type ConnectionContext, Server } from 'partyserver';
import * as v from 'valibot';
import type { ActivePlayer, PresenceServerMessage } from '../contract/presence';
import { VIEWER_HEADER, VIEWER_PROFILE_HEADER, viewerFrom } from '../worker/lib/viewer';
import { onlineList } from '../worker/rooms';
import { greeting } from './greeting';
import { answerPings } from './heartbeat';

/** The close code of a channel whose session ended: the client renews its session before it reconnects. */
export const SESSION_ENDED = 4001;

/**
 * A shard gathers its comings and goings this long before it tells the online list, so a deploy's
 * reconnect storm reaches the list as one call per shard a second rather than one per player.
 */
export const REPORT_DELAY_MS = 500;
/** How often a shard with listed players sends the list its whole roll: a lost report mends within it. */
export const RESYNC_MS = 5 * 60 * 1000;
/** How soon a shard tries again after the list could not be told. */
const RETRY_MS = 5000;

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

const activePlayer = ({ id, name, avatar }: Profile): ActivePlayer => ({ id, name, avatar });

const CONNECTED = greeting(JSON.stringify({ type: 'CONNECTED' } satisfies PresenceServerMessage));

/**
 * One shard of the players' private channels (worker/rooms.ts `presenceRoom`: by player id). A channel
 * gets its player's pushes; who is online is told to the one OnlineList (fan-in, docs/scale.md), a
 * player's first channel opening and last one closing each a change, gathered for REPORT_DELAY_MS. Who
 * is here is never kept in a field: it is read from the open channels and the profile each one carries
 * in its attachment, so a hibernated shard that wakes up for a close knows who is still there.
 */
export class Presence extends Server {
  static override options = { hibernate: true };

  /** Changes not yet told to the list: a player who came (their entry), or left (null). */
  #pending = new Map<number, ActivePlayer | null>();
  #reportTimer: ReturnType<typeof setTimeout> | null = null;
  /** The reports on their way, one after another, so that a leave never overtakes the join before it. */
  #reporting: Promise<void> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    answerPings(ctx);
  }

  /** A round trip for the health check. */
  ping(): 'pong' {
    return 'pong';
  }

  /** Which of `playerIds` (players of this shard) have a channel open here, listed ones only. */
  online(playerIds: number[]): ActivePlayer[] {
    return playerIds.flatMap((id) => {
      for (const connection of this.getConnections<Channel>(playerTag(id))) {
        const profile = connection.state?.profile;
        if (listed(profile)) return [activePlayer(profile)];
      }
      return [];
    });
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
    let profile: Profile | null = null;
    for (const connection of this.getConnections<Channel>(playerTag(playerId))) {
      profile ??= connection.state?.profile ?? null;
      connection.close(SESSION_ENDED, 'session-ended');
    }
    if (listed(profile)) this.#change(profile.id, null);
  }

  /**
   * Sends `message` to every open tab of the player, and to nobody else; answers how many tabs got it
   * (none: the player has no tab open, and notify() reaches them by Web Push or e-mail instead).
   */
  push(playerId: number, message: PresenceServerMessage): number {
    const text = JSON.stringify(message);
    let told = 0;
    for (const connection of this.getConnections(playerTag(playerId))) {
      try {
        connection.send(text);
        told += 1;
      } catch {
        // A tab closing under us; the notification row stays for its next load.
      }
    }
    return told;
  }

  /** A player's first tab puts them on the online list. */
  override onConnect(connection: Connection<Channel>, ctx: ConnectionContext) {
    const profile = profileFrom(ctx.request.headers.get(VIEWER_PROFILE_HEADER));
    // The state is the socket's attachment: it survives hibernation, unlike a field of this object.
    connection.setState({ profile });
    connection.send(CONNECTED);
    if (listed(profile) && !this.#hasOtherChannel(profile.id, connection.id)) {
      this.#change(profile.id, activePlayer(profile));
      void this.#keepResyncing();
    }
  }

  /** A player's last tab closing takes them off the list. */
  override onClose(connection: Connection<Channel>) {
    this.#left(connection);
  }

  override onError(connection: Connection<Channel>) {
    this.#left(connection);
  }

  /** Sends the list this shard's whole roll, and keeps doing so while anyone listed is here. */
  override async onAlarm() {
    this.#flush();
    try {
      await onlineList(this.env).replace(this.name, this.#listedPlayers());
    } catch (error) {
      console.error(JSON.stringify({ level: 'WARN', what: 'presence-resync', error: String(error) }));
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      return;
    }
    if (this.#listedPlayers().length) await this.ctx.storage.setAlarm(Date.now() + RESYNC_MS);
  }

  /**
   * The channel is leaving. Whether the runtime still counts it as open while its close is handled
   * depends on who closed first, so it is left out by id rather than by its state.
   */
  #left(connection: Connection<Channel>) {
    const profile = connection.state?.profile;
    if (listed(profile) && !this.#hasOtherChannel(profile.id, connection.id)) this.#change(profile.id, null);
  }

  #hasOtherChannel(playerId: number, skip: string): boolean {
    for (const connection of this.getConnections(playerTag(playerId)))
      if (connection.id !== skip) return true;
    return false;
  }

  /** The listed players with a channel open here. */
  #listedPlayers(): ActivePlayer[] {
    const players = new Map<number, ActivePlayer>();
    for (const connection of this.getConnections<Channel>()) {
      const profile = connection.state?.profile;
      if (listed(profile)) players.set(profile.id, activePlayer(profile));
    }
    return [...players.values()];
  }

  /** Notes a change for the list; the report goes REPORT_DELAY_MS after the first change it carries. */
  #change(playerId: number, player: ActivePlayer | null) {
    this.#pending.set(playerId, player);
    this.#reportTimer ??= setTimeout(() => this.#flush(), REPORT_DELAY_MS);
  }

  /** Tells the list what changed since the last report; when it cannot be told, the resync mends it soon. */
  #flush() {
    if (this.#reportTimer) clearTimeout(this.#reportTimer);
    this.#reportTimer = null;
    if (!this.#pending.size) return;
    const joined = [...this.#pending.values()].filter((player): player is ActivePlayer => player !== null);
    const left = [...this.#pending].filter(([, player]) => player === null).map(([id]) => id);
    this.#pending.clear();
    this.#reporting = this.#reporting
      .then(() => onlineList(this.env).report(this.name, { joined, left }))
      .catch(async (error: unknown) => {
        console.error(JSON.stringify({ level: 'WARN', what: 'presence-report', error: String(error) }));
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      });
  }

  /** Makes sure the resync alarm is set while this shard has listed players. */
  async #keepResyncing() {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + RESYNC_MS);
  }
}
