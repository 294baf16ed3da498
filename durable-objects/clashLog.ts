import type { ClashLogDraft, ClashLogEntry } from '../contract/clashes';

// The clash log (contract/clashes.ts `ClashLogEntry`): a line per key in the room's storage, numbered in
// the order written, so a new line is one put and a socket that connects reads them all in order.

/** A log longer than this loses its oldest lines (three full sheets take 156 turns). */
export const CLASH_LOG_MAX = 1000;

const SEQ_KEY = 'log-seq';
const PREFIX = 'log-line-';
const lineKey = (seq: number) => `${PREFIX}${String(seq).padStart(8, '0')}`;

export class ClashLog {
  constructor(private readonly kv: SyncKvStorage) {}

  /**
   * Writes the drafts as the next lines. Synchronous storage calls: made in the run that stores the change
   * they tell of, they commit with it.
   */
  append(drafts: readonly ClashLogDraft[], now: number): ClashLogEntry[] {
    if (drafts.length === 0) return [];
    let seq = this.kv.get<number>(SEQ_KEY) ?? 0;
    const at = new Date(now).toISOString();
    const entries = drafts.map((draft) => ({ ...draft, seq: ++seq, at }));
    for (const entry of entries) {
      this.kv.put(lineKey(entry.seq), entry);
      if (entry.seq > CLASH_LOG_MAX) this.kv.delete(lineKey(entry.seq - CLASH_LOG_MAX));
    }
    this.kv.put(SEQ_KEY, seq);
    return entries;
  }

  /** Every line kept, oldest first. */
  all(): ClashLogEntry[] {
    return [...this.kv.list<ClashLogEntry>({ prefix: PREFIX })].map(([, entry]) => entry);
  }
}
