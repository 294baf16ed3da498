import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { checkAvatar } from '../../worker/lib/avatarUpload';
import { AppError } from '../../worker/lib/errors';
import { imageFormat, readPngLayout } from '../../worker/lib/png';
import {
  type CookieJar,
  call,
  expectError,
  fileForm,
  json,
  type Player,
  pngImage,
  registerPlayer,
} from './helpers';

const upload = (player: Player, jar: CookieJar, body: FormData | string, headers?: Record<string, string>) =>
  call(player._links.avatar?.href as string, { method: 'PUT', jar, body, headers });

describe('avatar upload (PUT avatar link, multipart field "file")', () => {
  it('stores a 300x300 PNG and serves it from a stable URL with long caching', async () => {
    const { jar, player } = await registerPlayer();
    const png = await pngImage(300, 300);
    const response = await upload(player, jar, fileForm(png));
    expect(response.status).toBe(200);
    const updated = await json<Player>(response);
    expect(updated.avatar?.url).toMatch(new RegExp(`^/api/avatars/${player.id}-[A-Za-z0-9_-]{16}\\.png$`));
    expect((await json<Player>(await call('/players/me', { jar }))).avatar).toEqual(updated.avatar);

    const image = await call(updated.avatar?.url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(png);

    // A revalidation with the ETag is answered without the body.
    const etag = image.headers.get('ETag') as string;
    expect(etag).toBeTruthy();
    const again = await call(updated.avatar?.url as string, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('is served as an image only: a fixed type, never sniffed, a picture and not a page', async () => {
    const { jar, player } = await registerPlayer();
    const updated = await json<Player>(await upload(player, jar, fileForm(await pngImage(300, 300))));
    const image = await call(updated.avatar?.url as string);
    const again = await call(updated.avatar?.url as string, {
      headers: { 'If-None-Match': image.headers.get('ETag') as string },
    });
    expect(again.status).toBe(304);
    for (const answer of [image, again]) {
      expect(answer.headers.get('Content-Type')).toBe('image/png');
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(answer.headers.get('Content-Disposition')).toBe('inline; filename="avatar.png"');
      expect(answer.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    }
  });

  it('is judged by content, not by name: a text file called .png is not an image', async () => {
    const { jar, player } = await registerPlayer();
    const fake = new TextEncoder().encode('definitely not a picture');
    await expectError(
      await upload(player, jar, fileForm(fake, 'avatar.png', 'image/png')),
      400,
      'avatar-not-image',
    );
  });

  it('takes a real PNG under any name and type', async () => {
    const { jar, player } = await registerPlayer();
    const response = await upload(
      player,
      jar,
      fileForm(await pngImage(300, 300), 'blob', 'application/octet-stream'),
    );
    expect(response.status).toBe(200);
  });

  it('refuses an image that is not a 300x300 PNG', async () => {
    const { jar, player } = await registerPlayer();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    await expectError(
      await upload(player, jar, fileForm(jpeg, 'me.jpg', 'image/jpeg')),
      400,
      'avatar-invalid',
    );
    await expectError(await upload(player, jar, fileForm(await pngImage(200, 200))), 400, 'avatar-invalid');
    await expectError(await upload(player, jar, fileForm(await pngImage(300, 299))), 400, 'avatar-invalid');
    // A PNG cut short (no IEND) is not accepted either.
    const whole = await pngImage(300, 300);
    await expectError(
      await upload(player, jar, fileForm(whole.subarray(0, whole.length - 12))),
      400,
      'avatar-invalid',
    );
  });

  it('refuses more than 2 MB with 413', async () => {
    const { jar, player } = await registerPlayer();
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(await pngImage(300, 300));
    await expectError(await upload(player, jar, fileForm(big)), 413, 'avatar-too-large');
    const huge = new Uint8Array(3 * 1024 * 1024);
    await expectError(await upload(player, jar, fileForm(huge)), 413, 'avatar-too-large');
  });

  it('refuses a request without a file', async () => {
    const { jar, player } = await registerPlayer();
    const form = new FormData();
    form.append('picture', new File([await pngImage(300, 300)], 'a.png'));
    await expectError(await upload(player, jar, form), 400, 'avatar-missing');
    const text = new FormData();
    text.append('file', 'just text');
    await expectError(await upload(player, jar, text), 400, 'avatar-missing');
    await expectError(
      await upload(player, jar, '{}', { 'Content-Type': 'application/json' }),
      400,
      'avatar-missing',
    );
  });

  it('deletes the old image from R2 when replaced', async () => {
    const { jar, player } = await registerPlayer();
    const first = await json<Player>(
      await upload(player, jar, fileForm(await pngImage(300, 300, [1, 2, 3]))),
    );
    const firstKey = first.avatar?.url.split('/').pop() as string;
    expect(await env.AVATARS.head(firstKey)).not.toBeNull();
    const second = await json<Player>(
      await upload(player, jar, fileForm(await pngImage(300, 300, [4, 5, 6]))),
    );
    const secondKey = second.avatar?.url.split('/').pop() as string;
    expect(secondKey).not.toBe(firstKey);
    expect(await env.AVATARS.head(firstKey)).toBeNull();
    expect(await env.AVATARS.head(secondKey)).not.toBeNull();
    expect((await call(first.avatar?.url as string)).status).toBe(404);
  });

  it('is shown to others as avatar.url, without the avatar link', async () => {
    const owner = await registerPlayer();
    await upload(owner.player, owner.jar, fileForm(await pngImage(300, 300)));
    const seen = await json<Player>(await call(`/players/${owner.player.id}`));
    expect(seen.avatar?.url).toMatch(/^\/api\/avatars\//);
    expect(seen._links.avatar).toBeUndefined();
  });

  it('an unknown or malformed avatar key is a 404', async () => {
    await expectError(await call('/avatars/1-AAAAAAAAAAAAAAAA.png'), 404, 'not-found');
    await expectError(await call('/avatars/..%2Fsecret'), 404, 'not-found');
  });
});

describe('the PNG check', () => {
  it('reads the header of a whole, valid PNG', async () => {
    expect(readPngLayout(await pngImage(300, 300))?.header).toEqual({
      width: 300,
      height: 300,
      bitDepth: 8,
      colourType: 2,
    });
    expect(readPngLayout(await pngImage(17, 5))?.header).toMatchObject({ width: 17, height: 5 });
  });

  it('refuses a PNG whose IHDR is corrupt', async () => {
    const png = await pngImage(300, 300);
    png[20] ^= 0xff; // height bytes changed without fixing the CRC
    expect(readPngLayout(png)).toBeNull();
  });

  it('knows other image formats by their magic bytes', async () => {
    const ascii = (text: string) => new TextEncoder().encode(text);
    expect(imageFormat(ascii('GIF89a....'))).toBe('gif');
    expect(imageFormat(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageFormat(ascii('hello'))).toBeNull();
    await expect(checkAvatar(ascii('GIF89a....'))).rejects.toThrow(AppError);
  });
});
