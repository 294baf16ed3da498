import { Hono } from 'hono';
import {
  EmailBody,
  GuestBody,
  PasswordResetBody,
  RegisterBody,
  TokenBody,
  TokenQuery,
} from '../../contract/account';
import type { GuestResource } from '../../contract/players';
import { GUEST_NAME, randomGuestName } from '../auth/guest';
import { sha256 } from '../auth/crypto';
import { rememberDevice } from '../auth/device';
import { countGuess } from '../auth/guesses';
import { countMail, mailAfterAnswer, mailToken, mailVerification, mintToken } from '../auth/mails';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import {
  accessClaims,
  bridgeSession,
  currentPlayer,
  endSession,
  refuseBanned,
  requirePlayer,
  revokeAllSessions,
  revokePresentedSession,
  rotateSession,
  type SessionVariables,
  startSession,
} from '../auth/session';
import type { Database } from '../db/client';
import { findCredentials, saveCredentials } from '../db/credentials';
import { consumeEmailToken, type EmailTokenKind } from '../db/emailTokens';
import {
  claimVerifiedEmail,
  createGuest,
  createMember,
  findPlayer,
  findPlayerByIdentifier,
  findPlayerByVerifiedEmail,
  nameTaken,
  uniqueViolationKey,
  upgradeGuest,
} from '../db/players';
import type { PlayerRow } from '../db/schema';
import type { Env } from '../env';
import { embeddedCurrentGame } from '../lib/currentGame';
import { sameAddress } from '../lib/email';
import { badRequest, conflict, databaseUnavailable, unauthorized } from '../lib/errors';
import { verifyHuman } from '../lib/humanCheck';
import { log } from '../lib/log';
import { clientIp, consume, RULES } from '../lib/rateLimit';
import { readJson, readQuery } from '../lib/validate';
import { playerResource } from '../lib/playerResource';
import { tokenCounts } from '../lib/viewer';

type Auth = { Bindings: Env; Variables: SessionVariables };

/**
 * Uses up a mailed token of `kind`: its player and the address it was mailed to, or null when the token
 * is not valid, its player is gone, or the link went to an address the player has since replaced (or
 * lost to its verified owner): such a link does nothing.
 */
async function redeemEmailToken(
  db: Database,
  kind: EmailTokenKind,
  token: string,
): Promise<{ owner: PlayerRow; email: string } | null> {
  const used = await consumeEmailToken(db, kind, await sha256(token));
  const owner = used ? await findPlayer(db, used.playerId) : null;
  if (!used || !owner || !sameAddress(owner.email, used.email)) return null;
  return { owner, email: used.email };
}

export const auth = new Hono<Auth>()
  // A visitor plays at once: a guest account under a colour-animal-number name.
  .post('/register-guest', async (c) => {
    await consume(c.env.DB, RULES.registrationPerIp, clientIp(c));
    const body = await readJson(c, GuestBody);
    await verifyHuman(c.env, c.req.header('X-Recaptcha-Token'), 'register', c.req.header('CF-Connecting-IP'));
    const db = c.var.db;
    const wanted = body.username && GUEST_NAME.test(body.username) ? [body.username] : [];
    // A random name can collide with an existing one; a few draws from 100 000 names practically never all do.
    for (const name of [...wanted, ...Array.from({ length: 8 }, randomGuestName)]) {
      const row = await createGuest(db, name);
      if (!row) continue;
      await startSession(c, db, row.id);
      // The play screen asks for the guest's game too: a new visitor's roll then waits on two requests.
      const currentGame = await embeddedCurrentGame(c.env, db, row, c.req.query('embed'));
      const guest: GuestResource = {
        ...(await playerResource(c.var.db, row, row)),
        ...(currentGame ? { _embedded: { currentGame } } : {}),
      };
      return c.json(guest, 201);
    }
    throw conflict('username-taken');
  })
  // Sign-up. A signed-in guest is upgraded in place (same id, games and scores kept); a visitor without
  // a session gets a new account and signs in afterwards. A registered player is refused: that is also
  // what the guest's own sign-up sent twice at once meets the second time.
  .post('/register', async (c) => {
    await consume(c.env.DB, RULES.registrationPerIp, clientIp(c));
    const body = await readJson(c, RegisterBody);
    await verifyHuman(c.env, c.req.header('X-Recaptcha-Token'), 'register', c.req.header('CF-Connecting-IP'));
    const db = c.var.db;
    const caller = await currentPlayer(c);
    if (caller) refuseBanned(caller);
    if (caller && !caller.guest) throw conflict('player-registered');
    const guest = caller;
    const account = { name: body.username, email: body.email };
    if (await nameTaken(db, account.name, guest?.id)) throw conflict('username-taken');
    if (account.email) await countMail(c, account.email);
    const hash = await hashPassword(body.password);
    let row: Awaited<ReturnType<typeof upgradeGuest>>;
    try {
      row = guest ? await upgradeGuest(db, guest.id, account, hash) : await createMember(db, account, hash);
    } catch (error) {
      const key = uniqueViolationKey(error);
      throw key ? conflict(key) : error;
    }
    // The same guest's sign-up sent again while the first was on its way: the first one made the account.
    if (!row) throw conflict('player-registered');
    if (row.email) await mailVerification(c, db, row, row.email);
    return c.json(await playerResource(c.var.db, row, row), 201);
  })
  // Sign-in by username or verified e-mail. Unknown names cost the same hashing as known ones. Every
  // attempt is counted before the password is checked (auth/guesses.ts says the rule).
  .post('/token', async (c) => {
    const { identifier, password } = await readJson(c, TokenBody);
    const db = c.var.db;
    const player = await findPlayerByIdentifier(db, identifier);
    const succeeded = await countGuess(c, player ? `player-${player.id}` : identifier);
    // Guests have no password, so they never sign in this way.
    const stored = player ? await findCredentials(db, player.id) : null;
    const valid = await verifyPassword(password, stored);
    if (!player || !stored || !valid) {
      // The typed identifier is left out: it is sometimes a password typed into the wrong box.
      log(c, {
        level: 'WARN',
        message: 'sign-in-failed',
        data: { knownAccount: !!stored },
        playerId: player?.id ?? null,
      });
      throw unauthorized('credentials-invalid');
    }
    refuseBanned(player);
    await succeeded();
    if (needsRehash(stored)) await saveCredentials(db, player.id, await hashPassword(password));
    // The browser's previous session (usually its guest) ends here.
    await revokePresentedSession(c, db);
    await startSession(c, db, player.id);
    await rememberDevice(c, player);
    return c.json(await playerResource(c.var.db, player, player));
  })
  .post('/refresh', async (c) => {
    const db = c.var.db;
    const playerId = await rotateSession(c, db).catch(async (error: unknown) => {
      // D1 down: the session goes on with a short access token (auth/session.ts `bridgeSession`), and the
      // answer carries no player, since none can be read. Anything else, or no token to renew, as before.
      if (databaseUnavailable(error) && (await bridgeSession(c))) return null;
      throw error;
    });
    if (playerId === null) return c.body(null, 204);
    const row = await findPlayer(db, playerId);
    if (!row) throw unauthorized();
    // A browser signed in before device cookies existed becomes a device of its player here.
    await rememberDevice(c, row);
    return c.json(await playerResource(c.var.db, row, row));
  })
  .post('/logout', async (c) => {
    await endSession(c, c.var.db);
    return c.body(null, 204);
  })
  // A token kept by an older client in local storage (an access token of ours as a Bearer header)
  // becomes a cookie session. Not a way around the session's end: a token issued before a logout,
  // a password change or a revoked family is refused, and so is a banned player.
  .post('/migrate', async (c) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
    const claims = bearer ? await accessClaims(c.env, bearer[1]) : null;
    if (!claims) throw unauthorized();
    const db = c.var.db;
    const player = await findPlayer(db, claims.playerId);
    if (!player || !tokenCounts(claims.issuedAtMs, player)) throw unauthorized();
    refuseBanned(player);
    await startSession(c, db, player.id);
    await rememberDevice(c, player);
    return c.json(await playerResource(c.var.db, player, player));
  })
  // With ?token= (from the reset mail) anyone may set a new password; without one, the signed-in
  // player changes theirs by giving the old one. Either way every other session ends.
  .put('/password-reset', async (c) => {
    const body = await readJson(c, PasswordResetBody);
    const token = c.req.query('token')?.trim();
    const db = c.var.db;
    let player: PlayerRow;
    if (token) {
      const redeemed = await redeemEmailToken(db, 'RESET_PASSWORD', token);
      if (!redeemed) {
        log(c, { level: 'WARN', message: 'password-reset-failed', data: { via: 'mail' } });
        throw badRequest('password-reset-failed');
      }
      player = redeemed.owner;
      // The link was mailed before the ban, or asked for since: it sets no password and starts no session.
      refuseBanned(player);
    } else {
      player = await requirePlayer(c);
      // The old password is a guess like a sign-in's, counted in the same buckets.
      const succeeded = await countGuess(c, `player-${player.id}`);
      if (!(await verifyPassword(body.oldPassword ?? '', await findCredentials(db, player.id)))) {
        log(c, { level: 'WARN', message: 'password-change-failed', playerId: player.id });
        throw badRequest('password-invalid');
      }
      await succeeded();
    }
    log(c, {
      level: 'INFO',
      message: 'password-reset',
      data: { via: token ? 'mail' : 'signed-in' },
      playerId: player.id,
    });
    await saveCredentials(db, player.id, await hashPassword(body.newPassword));
    await revokeAllSessions(c, db, player.id);
    await startSession(c, db, player.id);
    await rememberDevice(c, player);
    return c.json(await playerResource(c.var.db, player, player));
  })
  // Answers the same, and in the same time, for every address, so it tells no one which e-mails have
  // accounts: the same reads and the same token minted for each, and the mail sent after the answer.
  .post('/password-reset-token', async (c) => {
    const { email } = await readJson(c, EmailBody);
    await countMail(c, email);
    const db = c.var.db;
    const player = await findPlayerByVerifiedEmail(db, email);
    const stored = await findCredentials(db, player?.id ?? 0);
    const minted = await mintToken();
    // Only a verified address of an account with a password can receive a reset link.
    if (player?.email && !player.guest && stored) {
      const to = player.email;
      mailAfterAnswer(c, player.id, () => mailToken(c, db, player, to, 'RESET_PASSWORD', minted));
    }
    return c.body(null, 204);
  })
  .put('/email-verification', async (c) => {
    const { token } = readQuery(c, TokenQuery);
    const db = c.var.db;
    const redeemed = await redeemEmailToken(db, 'VERIFY_EMAIL', token);
    if (!redeemed) throw badRequest('email-verification-failed');
    const row = await claimVerifiedEmail(db, redeemed.owner.id, redeemed.email);
    if (!row) throw badRequest('email-verification-failed');
    return c.json(await playerResource(c.var.db, row, await currentPlayer(c)));
  })
  // Resends the verification mail for the signed-in player's own, unverified address; any other
  // request gets the same empty answer.
  .post('/email-verification-token', async (c) => {
    const { email } = await readJson(c, EmailBody);
    const db = c.var.db;
    const me = await currentPlayer(c);
    // Counted whatever happens next, so the answer's timing and limits say nothing about the address.
    await countMail(c, email, me ?? undefined);
    if (me?.email && !me.emailVerified && sameAddress(me.email, email)) {
      const to = me.email;
      mailAfterAnswer(c, me.id, () => mailVerification(c, db, me, to));
    }
    return c.body(null, 204);
  });
