import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import {
  type CookieJar,
  mailedToken,
  moveToNewAddress,
  outbox,
  registerPlayer,
  request,
  uniqueEmail,
  verifyEmail,
} from './helpers';

// No answer depends in time on whether an address is verified (or known): the reset route does the same
// work for every address before answering, and a mail is written and sent only after the answer
// (worker/auth/mails.ts `mailAfterAnswer`). Asserted as work, not as time: the D1 statements a request runs,
// and the answer arriving while the mail's write is still held back. bench/signin.mjs measures the time.

beforeEach(moveToNewAddress);

/** The mail's own writes: its token and its outbox row, done only for an address that gets a mail. */
const MAIL_WRITE = /\b(email_tokens|outbox)\b/i;
/** Rows written after any answer whatever it was: the log and the local store of the data points. */
const BOOKKEEPING = /\b(logs|data_points)\b/i;

interface Watch {
  /** The SQL of every statement the Worker ran, in order, whitespace collapsed. */
  statements: string[];
  /** Lets the held outbox writes go. */
  release: () => void;
}

/**
 * The test's D1 as the Worker sees it, watched: every statement run is written down, and an outbox write
 * waits until `release` (so a request that waits for its mail cannot answer meanwhile).
 */
function watchedDb(db: D1Database): { db: D1Database; watch: Watch } {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const watch: Watch = { statements: [], release: () => release() };
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();
  const ran = async (sql: string) => {
    watch.statements.push(sql.replace(/\s+/g, ' ').trim());
    if (/\boutbox\b/i.test(sql)) await held;
  };
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, name) {
        if (name === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql);
        if (name === 'run' || name === 'all' || name === 'first' || name === 'raw')
          return async (...args: unknown[]) => {
            await ran(sql);
            return (target[name] as (...a: unknown[]) => unknown).apply(target, args);
          };
        const value: unknown = Reflect.get(target, name, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    real.set(proxy, statement);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  const watched = new Proxy(db, {
    get(target, name) {
      if (name === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (name === 'batch')
        return async (statements: D1PreparedStatement[]) => {
          for (const statement of statements) await ran(sqlOf.get(statement) ?? '?');
          return target.batch(statements.map((statement) => real.get(statement) ?? statement));
        };
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: watched, watch };
}

interface Asked {
  status: number;
  /** Whether the answer came while the mail's outbox write was held back. */
  answeredFirst: boolean;
  statements: string[];
}

/** POSTs `path` with the watched D1, holding outbox writes back until the answer is in (or 3 s have passed). */
async function ask(path: string, email: string, jar?: CookieJar): Promise<Asked> {
  const { db, watch } = watchedDb(env.DB);
  const ctx = createExecutionContext();
  const answer = worker.fetch(
    request(path, { method: 'POST', body: { email }, jar }),
    { ...env, DB: db },
    ctx,
  );
  let answeredFirst: boolean;
  try {
    answeredFirst = await Promise.race([
      Promise.resolve(answer).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
  } finally {
    watch.release();
  }
  const response = await answer;
  await waitOnExecutionContext(ctx);
  return { status: response.status, answeredFirst, statements: watch.statements };
}

const work = (asked: Asked) =>
  asked.statements.filter((sql) => !MAIL_WRITE.test(sql) && !BOOKKEEPING.test(sql));
const mailWrites = (asked: Asked) => asked.statements.filter((sql) => MAIL_WRITE.test(sql));

describe('asking for a password reset', () => {
  it('does the same work before answering for a verified, an unverified and an unknown address, and mails after the answer', async () => {
    const verified = uniqueEmail('known');
    await registerPlayer({ email: verified, password: 'secret123' });
    await verifyEmail(verified);
    const unverified = uniqueEmail('unverified');
    await registerPlayer({ email: unverified, password: 'secret123' });
    const unknown = uniqueEmail('ghost');

    const toVerified = await ask('/auth/password-reset-token', verified);
    const toUnverified = await ask('/auth/password-reset-token', unverified);
    const toUnknown = await ask('/auth/password-reset-token', unknown);

    for (const asked of [toVerified, toUnverified, toUnknown]) expect(asked.status).toBe(204);
    // The same statements, in the same order, for all three.
    expect(work(toVerified).length).toBeGreaterThan(0);
    expect(work(toUnverified)).toEqual(work(toVerified));
    expect(work(toUnknown)).toEqual(work(toVerified));
    // Only the verified address gets a mail, and its answer came while the mail's write was held back.
    expect(toVerified.answeredFirst).toBe(true);
    expect(mailWrites(toVerified).length).toBeGreaterThan(0);
    expect(mailWrites(toUnverified)).toEqual([]);
    expect(mailWrites(toUnknown)).toEqual([]);
    // The mail was written once the answer had gone, and its link works.
    expect(await mailedToken(verified, '/password-reset')).toBeTruthy();
    expect((await outbox(unknown)).length).toBe(0);
  });
});

describe('asking for the verification mail again', () => {
  it('answers 204 before the mail is written, and the same for an address that gets none', async () => {
    const email = uniqueEmail('again');
    const { jar } = await registerPlayer({ email });
    const before = (await outbox(email)).length;
    const resent = await ask('/auth/email-verification-token', email, jar);
    expect(resent.status).toBe(204);
    expect(resent.answeredFirst).toBe(true);
    expect(await outbox(email)).toHaveLength(before + 1);

    const stranger = await ask('/auth/email-verification-token', uniqueEmail('other'), jar);
    expect(stranger.status).toBe(204);
    expect(mailWrites(stranger)).toEqual([]);
  });
});
