import i18n from '../i18n';
import { api } from './client';
import { humanCheckToken } from './humanCheck';
import type {
  AccountPreferences,
  Invitations,
  PlayerResource,
  PlayerLinkName,
  Preferences,
} from '../../contract/players';

// The account calls of SPEC section 7 ("Auth" and the player's own links). Every screen of the
// accounts work goes through these; none builds a path by hand.

/** The labels SPEC section 8 uses in "<Name> link not available for this player". */
const LINK_LABELS: Partial<Record<PlayerLinkName, string>> = {
  preferences: 'Preferences',
  username: 'Username',
  email: 'Email',
  avatar: 'Avatar',
};

/** The href of one of the player's links; a missing link is an error, never a guessed path. */
export function playerLink(player: PlayerResource, name: PlayerLinkName): string {
  const href = player._links[name]?.href;
  if (!href) throw new Error(i18n.t('account.linkMissing', { link: LINK_LABELS[name] ?? name }));
  return href;
}

/** Sign-in by username or e-mail; sets the session cookies. */
export const signIn = (identifier: string, password: string) =>
  api<PlayerResource>('/auth/token', { method: 'POST', body: { identifier: identifier.trim(), password } });

/** Sign-up; a signed-in guest becomes this account (same id). Needs a human-check token. */
export async function signUp(account: {
  username: string;
  email: string;
  password: string;
}): Promise<PlayerResource> {
  const token = await humanCheckToken('register');
  const email = account.email.trim();
  return api<PlayerResource>('/auth/register', {
    method: 'POST',
    headers: { 'X-Recaptcha-Token': token },
    body: { username: account.username.trim(), ...(email ? { email } : {}), password: account.password },
  });
}

/** Mails a reset link when the address belongs to an account with a verified e-mail; always 204. */
export const requestPasswordReset = (email: string) =>
  api<void>('/auth/password-reset-token', { method: 'POST', body: { email: email.trim() } });

/** With the mailed token anyone may set a new password; without it the signed-in player gives the old one. */
export function resetPassword(change: { token?: string; oldPassword?: string; newPassword: string }) {
  const query = change.token ? `?token=${encodeURIComponent(change.token)}` : '';
  const body = change.token
    ? { newPassword: change.newPassword }
    : { oldPassword: change.oldPassword ?? '', newPassword: change.newPassword };
  return api<PlayerResource | undefined>(`/auth/password-reset${query}`, { method: 'PUT', body });
}

export const verifyEmail = (token: string) =>
  api<PlayerResource | undefined>(`/auth/email-verification?token=${encodeURIComponent(token)}`, {
    method: 'PUT',
  });

export const resendVerification = (email: string) =>
  api<void>('/auth/email-verification-token', { method: 'POST', body: { email } });

export const changeUsername = (player: PlayerResource, username: string) =>
  api<PlayerResource>(playerLink(player, 'username'), { method: 'PUT', body: { username: username.trim() } });

/** A blank address removes the e-mail (it is optional on the profile). */
export const changeEmail = (player: PlayerResource, email: string) =>
  api<PlayerResource>(playerLink(player, 'email'), { method: 'PUT', body: { email: email.trim() || null } });

/** The cropped 300x300 PNG as the multipart field `file`; the link's query string is not part of the path. */
export function uploadAvatar(player: PlayerResource, png: Blob): Promise<PlayerResource> {
  const form = new FormData();
  form.append('file', png, 'avatar.png');
  const href = playerLink(player, 'avatar').split('?')[0];
  return api<PlayerResource>(href, { method: 'PUT', body: form });
}

export const readPreferences = (player: PlayerResource) =>
  api<AccountPreferences>(playerLink(player, 'preferences'));

export const savePreferences = (player: PlayerResource, preferences: Preferences) =>
  api<Preferences>(playerLink(player, 'preferences'), {
    method: 'PUT',
    body: { language: preferences.language, theme: preferences.theme, diceSpeed: preferences.diceSpeed },
  });

/** Who may invite the player to a clash; the browser's preferences go along, as the route takes them whole. */
export const saveInvitations = (player: PlayerResource, preferences: Preferences, invitations: Invitations) =>
  api<AccountPreferences>(playerLink(player, 'preferences'), {
    method: 'PUT',
    body: {
      language: preferences.language,
      theme: preferences.theme,
      diceSpeed: preferences.diceSpeed,
      invitations,
    },
  });
