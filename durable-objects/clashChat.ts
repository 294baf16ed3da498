import type { WSMessage } from 'partyserver';
import * as v from 'valibot';
import {
  CLASH_MESSAGE_COOLDOWN_MS,
  ClashClientMessage,
  type ClashLogDraft,
  type ClashServerMessage,
} from '../contract/clashes';
import { memberOf } from '../game';
import { accessOf, type ClashRecord, type ClashSocket } from './clashRecord';
import { socketCounts } from './roomKit';

// What the members say in a clash, for ClashRoom: a reaction or a suggestion, read as the contract says,
// from a member whose token still counts, at most one per CLASH_MESSAGE_COOLDOWN_MS. Pure: the room keeps
// when each member last spoke and sends what this answers.

/** A client's message as the contract reads it, or the key of the ERROR that refuses it. */
function readClientMessage(message: WSMessage): ClashClientMessage | { error: string } {
  let input: unknown;
  try {
    input = JSON.parse(String(message));
  } catch {
    return { error: 'reaction-invalid' };
  }
  const parsed = v.safeParse(ClashClientMessage, input);
  if (parsed.success) return parsed.output;
  const key = parsed.issues[0]?.message ?? '';
  if (/^[a-z-]+$/.test(key)) return { error: key };
  const suggestion = (input as { type?: unknown } | null)?.type === 'SUGGESTION';
  return { error: suggestion ? 'suggestion-invalid' : 'reaction-invalid' };
}

/**
 * What every clash socket hears of `message`, sent over `socket` (the clash's own, by a member), with the
 * member who said it; or the key of the ERROR the sender alone gets. `lastSaid` is when that member last
 * spoke, from any of their tabs.
 */
export function said(
  record: ClashRecord | null,
  socket: ClashSocket | null,
  message: WSMessage,
  lastSaid: (memberId: number) => number,
  now: number,
): { memberId: number; text: string; line: ClashLogDraft } | { error: string } {
  const read = readClientMessage(message);
  if ('error' in read) return read;
  const sender = socket?.gameId === null ? socket.viewerId : null;
  const member = record && sender !== null ? memberOf(record.clash, sender) : undefined;
  if (!record || !member) return { error: 'not-clash-member' };
  // Their socket closes when their access ends; a message that crossed the close is not passed on either.
  if (!socketCounts(socket?.issuedAtMs, accessOf(record, member.id))) return { error: 'token-expired' };
  if (now - lastSaid(member.id) < CLASH_MESSAGE_COOLDOWN_MS) return { error: 'message-too-early' };
  const who = { playerId: member.id, name: member.name };
  const out: ClashServerMessage = { ...read, ...who };
  const line: ClashLogDraft =
    read.type === 'REACTION'
      ? { kind: 'REACTION', content: read.content, ...who }
      : { kind: 'SUGGESTION', content: read.content, ...who };
  return { memberId: member.id, text: JSON.stringify(out), line };
}
