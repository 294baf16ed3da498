import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { call, expectError, makeAdmin, pngImage, registerPlayer, request, type Session } from './helpers';

// A client that drops its request halfway through the body (a phone losing its signal during an avatar
// upload) is the client's doing, not a server error: 400 body-incomplete, no 500, no stack in any log row.
// And no player reads a stack anyway: a player's log rows are for admins only.

/** A body that sends `head` and then breaks off, as a dropped connection does. */
function droppedBody(head: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) return controller.error(new Error('Network connection lost.'));
      sent = true;
      controller.enqueue(head);
    },
  });
}

/** Sends `path` through the Worker's own handler with a body that breaks off; waits for its log rows. */
async function sendDropped(session: Session, path: string, method: string, type: string, head: Uint8Array) {
  const base = request(path, { method, jar: session.jar, headers: { 'Content-Type': type } });
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(base, { body: droppedBody(head) }), env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** The player's log rows written after row `since` (a server error's row names the player of the token). */
async function rowsSince(playerId: number, since: number) {
  const { results } = await env.DB.prepare(
    'SELECT level, message, data FROM logs WHERE id > ? AND player_id = ?',
  )
    .bind(since, playerId)
    .all<{ level: string; message: string; data: string | null }>();
  return results;
}

const lastLogId = async () =>
  (await env.DB.prepare('SELECT coalesce(max(id), 0) AS id FROM logs').first<{ id: number }>())?.id ?? 0;

describe('a request whose body breaks off', () => {
  it('a dropped avatar upload is 400 body-incomplete, logged with no stack and no error', async () => {
    const me = await registerPlayer();
    const since = await lastLogId();
    const boundary = 'yamb-dropped';
    const png = await pngImage(300, 300);
    const head = new Uint8Array([
      ...new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      ...png.slice(0, 200),
    ]);
    const response = await sendDropped(
      me,
      `/players/${me.player.id}/avatar`,
      'PUT',
      `multipart/form-data; boundary=${boundary}`,
      head,
    );
    const body = await expectError(response, 400, 'body-incomplete');
    expect(JSON.stringify(body)).not.toMatch(/\bat\s|\.ts:|\.js:/);
    const rows = await rowsSince(me.player.id, since);
    expect(rows.filter((row) => row.level === 'ERROR')).toEqual([]);
    expect(rows.filter((row) => /stack|\bat\s.*:\d+|\.js:\d+/i.test(row.data ?? ''))).toEqual([]);
    // Nothing was stored: the player has no avatar.
    const player = await (await call('/players/me', { jar: me.jar })).json<{ avatar: unknown }>();
    expect(player.avatar).toBeNull();
  });

  it('a dropped JSON body is 400 body-incomplete too, in the player’s language', async () => {
    const me = await registerPlayer();
    const since = await lastLogId();
    const base = request('/tickets/', {
      method: 'POST',
      jar: me.jar,
      language: 'hr',
      headers: { 'Content-Type': 'application/json' },
    });
    const ctx = createExecutionContext();
    const head = new TextEncoder().encode('{"title":"Broken');
    const response = await worker.fetch(new Request(base, { body: droppedBody(head) }), env, ctx);
    await waitOnExecutionContext(ctx);
    const body = await expectError(response, 400, 'body-incomplete');
    expect(body.message).toMatch(/prekinuo/);
    expect((await rowsSince(me.player.id, since)).filter((row) => row.level === 'ERROR')).toEqual([]);
  });
});

describe('a player’s log rows', () => {
  it('are read by admins only: the player asking for their own gets 403', async () => {
    const me = await registerPlayer();
    // A row of theirs, as a failed sign-in writes.
    await env.DB.prepare("INSERT INTO logs (player_id, level, message) VALUES (?, 'WARN', 'sign-in-failed')")
      .bind(me.player.id)
      .run();
    expect(me.player._links.logs).toBeUndefined();
    await expectError(await call(`/players/${me.player.id}/logs`, { jar: me.jar }), 403, 'admin-only');
    const admin = await registerPlayer();
    await makeAdmin(admin.player.id);
    const list = await call(`/players/${me.player.id}/logs`, { jar: admin.jar });
    expect(list.status).toBe(200);
    const { _embedded } = await list.json<{ _embedded: { logs: { id: number; message: string }[] } }>();
    // The player's row, and the refusal of their own request just now.
    expect(_embedded.logs.map((row) => row.message).sort()).toEqual(['forbidden', 'sign-in-failed']);
    // Nor one by one.
    const row = _embedded.logs.find((one) => one.message === 'sign-in-failed');
    await expectError(await call(`/logs/${row?.id}`, { jar: me.jar }), 403, 'admin-only');
    expect((await call(`/logs/${row?.id}`, { jar: admin.jar })).status).toBe(200);
  });
});
