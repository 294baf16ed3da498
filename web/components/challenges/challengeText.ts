import type { TFunction } from 'i18next';
import type { ChallengeResource } from '../../../contract/challenges';
import { rulesSummary } from '../clash/rulesText';
import { durationText } from '../clash/timeLeft';

// A challenge link's settings and time in words, for the clashes screen's list and the link's page.

const DAY = 24 * 60 * 60;

/** A turn clock: "60 s a turn", "1 day a turn", or "no turn clock". */
export function clockWords(t: TFunction, turnSeconds: number | null): string {
  if (turnSeconds === null) return t('challenges.clock.none');
  if (turnSeconds % DAY === 0) return t('challenges.clock.days', { count: turnSeconds / DAY });
  return t('challenges.clock.seconds', { count: turnSeconds });
}

/** "2 players · Classic · 5 dice · 4 columns · 60 s a turn". */
export function settingsWords(
  t: TFunction,
  challenge: Pick<ChallengeResource, 'seats' | 'rules' | 'turnSeconds'>,
) {
  return [
    t('challenges.players', { count: challenge.seats }),
    rulesSummary(t, challenge.rules),
    clockWords(t, challenge.turnSeconds),
  ].join(' · ');
}

/** How long the link still has: "23 h 10 min left", "10 min left", or "expired" (the clashes' words). */
export function timeLeftWords(t: TFunction, expiresAt: string, now: number): string {
  const seconds = Math.floor((Date.parse(expiresAt) - now) / 1000);
  if (seconds < 60) return t('challenges.status.EXPIRED');
  return t('clashes.timeLeft.listLeft', { time: durationText(t, seconds) });
}
