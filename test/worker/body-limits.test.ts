import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { expectError, registerPlayer, url } from './helpers';

// A body sent in chunks has no Content-Length to refuse it by. The Worker must count the bytes as they
// arrive and stop at its limit, not read 100 MB into memory first and refuse it afterwards.

const HUNDRED_MB = 100 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A ~100 MB body made chunk by chunk only when the reader asks, counting what it was asked for. */
function lazyBody(prefix: string) {
  const head = new TextEncoder().encode(prefix);
  const filler = new Uint8Array(CHUNK).fill(0x61); // 'a'
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = counter.pulled === 0 ? head : filler;
      if (counter.pulled >= HUNDRED_MB) return controller.close();
      counter.pulled += next.byteLength;
      controller.enqueue(next);
    },
  });
  return { stream, counter };
}

/** `call` would send a stream as JSON text; this sends it as the body, chunked, with no Content-Length. */
const send = (
  path: string,
  method: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
) => SELF.fetch(new Request(url(path), { method, body, headers }));

describe('bodies without a length are cut off at the limit while they stream', () => {
  it('a JSON route answers 413 body-too-large long before 100 MB have been sent', async () => {
    const { stream, counter } = lazyBody('{"identifier":"someone","password":"');
    const response = await send('/auth/token', 'POST', stream, { 'Content-Type': 'application/json' });
    await expectError(response, 413, 'body-too-large');
    expect(counter.pulled).toBeLessThan(1024 * 1024);
  });

  it('the avatar upload answers 413 avatar-too-large long before 100 MB have been sent', async () => {
    const { jar, player } = await registerPlayer();
    const boundary = 'yamb-test-boundary';
    const { stream, counter } = lazyBody(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="avatar.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const response = await send(player._links.avatar?.href as string, 'PUT', stream, {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      Cookie: jar.header(),
    });
    await expectError(response, 413, 'avatar-too-large');
    expect(counter.pulled).toBeLessThan(4 * 1024 * 1024);
  });
});
