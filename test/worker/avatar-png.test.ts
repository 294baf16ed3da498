import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumPng, chunk, concat, deflate, file, header, rgbParts, scanlines, text } from './fixtures/png';
import { call, type CookieJar, expectError, fileForm, json, type Player, registerPlayer } from './helpers';

// An avatar is served from our own origin, so a "PNG" that a browser or another program could read as
// something else (HTML in a text chunk, bytes between chunks or after the end) must never be stored.
// Each case below is a valid 300x300 picture with exactly one thing wrong.

let me: { jar: CookieJar; player: Player };
beforeAll(async () => {
  me = await registerPlayer();
});

const upload = (bytes: Uint8Array) =>
  call(me.player._links.avatar?.href as string, { method: 'PUT', jar: me.jar, body: fileForm(bytes) });
const refused = async (bytes: Uint8Array) => expectError(await upload(bytes), 400, 'avatar-invalid');
const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

describe('an avatar PNG is accepted only when every byte of it is accounted for', () => {
  it('takes the PNG Chromium makes from a canvas, and serves it back byte for byte', async () => {
    const png = chromiumPng();
    const response = await upload(png);
    expect(response.status).toBe(200);
    const { avatar } = await json<Player>(response);
    const served = await call(avatar?.url as string);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it('takes the harmless colour chunks, a palette and IDAT split over several chunks', async () => {
    const { ihdr, iend } = await rgbParts();
    const compressed = await deflate(scanlines(300, 900));
    const third = Math.floor(compressed.length / 3);
    const colour = [
      chunk('sRGB', new Uint8Array([0])),
      chunk('gAMA', new Uint8Array([0, 0, 0xb1, 0x8f])),
      chunk('pHYs', new Uint8Array([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    ];
    const split = [0, third, 2 * third].map((from, i) =>
      chunk('IDAT', compressed.subarray(from, i === 2 ? undefined : from + third)),
    );
    expect((await upload(file(ihdr, ...colour, ...split, iend))).status).toBe(200);

    // Indexed colour, 4 bits a pixel: a 16-colour palette with transparency for some of it.
    const indexed = chunk('IHDR', header({ colourType: 3, bitDepth: 4 }));
    const palette = chunk(
      'PLTE',
      new Uint8Array(16 * 3).map((_, i) => i * 5),
    );
    const alpha = chunk('tRNS', new Uint8Array([0, 128, 255]));
    const pixels = chunk('IDAT', await deflate(scanlines(300, 150, 1)));
    expect((await upload(file(indexed, palette, alpha, pixels, iend))).status).toBe(200);
  });

  it('takes an ICC colour profile only when its name is a name and its data a whole profile', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    const iccp = (name: string, compressed: Uint8Array) =>
      chunk('iCCP', concat(text(name), new Uint8Array([0, 0]), compressed));
    // A profile is a 128-byte header (its first four bytes say how long the whole is) and its tags.
    const profile = new Uint8Array(132);
    new DataView(profile.buffer).setUint32(0, profile.length);
    const valid = await deflate(profile);
    expect((await upload(file(ihdr, iccp('sRGB IEC61966-2.1', valid), idat, iend))).status).toBe(200);

    await refused(file(ihdr, iccp('<svg onload=alert(1)>', valid), idat, iend));
    await refused(file(ihdr, iccp('Display P3', text(HTML)), idat, iend));
    await refused(file(ihdr, iccp('Display P3', await deflate(profile.subarray(0, 128))), idat, iend));
  });

  it('refuses text chunks, whatever they say', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    for (const type of ['tEXt', 'zTXt', 'iTXt']) {
      await refused(file(ihdr, chunk(type, text(`Comment\0${HTML}`)), idat, iend));
    }
  });

  it('refuses chunks it does not know, ancillary or not', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    await refused(file(ihdr, chunk('htMl', text(HTML)), idat, iend));
    await refused(file(ihdr, idat, chunk('eXIf', text(HTML)), iend));
    await refused(file(ihdr, chunk('ABCD', new Uint8Array(4)), idat, iend));
  });

  it('refuses bytes between chunks or after IEND', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    await refused(file(ihdr, text(HTML), idat, iend));
    await refused(file(ihdr, idat, text(HTML), iend));
    await refused(file(ihdr, idat, iend, text(HTML)));
    await refused(file(ihdr, idat, iend, new Uint8Array([0])));
    await refused(file(ihdr, idat, iend, iend));
  });

  it('refuses a chunk whose CRC is wrong or whose length runs past the file', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    const badIdat = idat.slice();
    badIdat[idat.length - 1] ^= 1;
    await refused(file(ihdr, badIdat, iend));
    await refused(file(ihdr, idat, chunk('IEND', new Uint8Array(), 0)));
    const long = idat.slice();
    new DataView(long.buffer).setUint32(0, 0x7ffffff0);
    await refused(file(ihdr, long, iend));
    await refused(file(ihdr, idat)); // cut before IEND
  });

  it('refuses chunks out of place: IHDR not first, no IDAT, IDAT interrupted, colour after pixels', async () => {
    const { ihdr, idat, iend } = await rgbParts();
    const gamma = chunk('gAMA', new Uint8Array([0, 0, 0xb1, 0x8f]));
    await refused(file(gamma, ihdr, idat, iend));
    await refused(file(ihdr, iend));
    await refused(file(ihdr, ihdr, idat, iend));
    await refused(file(ihdr, idat, gamma, iend));
    await refused(file(ihdr, gamma, gamma, idat, iend));
    const compressed = await deflate(scanlines(300, 900));
    const half = compressed.length >> 1;
    const [start, rest] = [compressed.subarray(0, half), compressed.subarray(half)];
    await refused(file(ihdr, chunk('IDAT', start), gamma, chunk('IDAT', rest), iend));
    await refused(file(ihdr, idat, chunk('IEND', text('x'))));
  });

  it('refuses a header that no decoder should trust', async () => {
    const { idat, iend } = await rgbParts();
    const withHeader = (data: Uint8Array) => file(chunk('IHDR', data), idat, iend);
    await refused(withHeader(header({ bitDepth: 4 }))); // truecolour is 8 or 16 bits
    await refused(withHeader(header({ colourType: 5 })));
    await refused(withHeader(header({ interlace: 1 })));
    await refused(withHeader(concat(header(), new Uint8Array([0])))); // 14 bytes
    await refused(withHeader(header({ width: 301 })));
    // A palette image without its palette.
    const indexed = chunk('IDAT', await deflate(scanlines(300, 300)));
    await refused(file(chunk('IHDR', header({ colourType: 3 })), indexed, iend));
  });

  it('refuses pixel data that does not inflate to exactly the rows the header promises', async () => {
    const { ihdr, iend } = await rgbParts();
    const withData = (data: Uint8Array) => file(ihdr, chunk('IDAT', data), iend);
    await refused(withData(text(HTML))); // not a zlib stream at all
    const rows = await deflate(scanlines(300, 900));
    await refused(withData(rows.subarray(0, rows.length - 4))); // its checksum cut off
    const wrongSum = rows.slice();
    wrongSum[wrongSum.length - 1] ^= 1;
    await refused(withData(wrongSum));
    await refused(withData(concat(rows, text(HTML)))); // bytes after the stream's end
    await refused(withData(await deflate(scanlines(299, 900)))); // a row short
    await refused(withData(await deflate(scanlines(301, 900)))); // a row more
    await refused(withData(await deflate(concat(scanlines(300, 900), new Uint8Array([0]))))); // a byte more
    await refused(withData(await deflate(scanlines(300, 900, 5)))); // filter type 5 does not exist
    // 16 bits a sample makes every row twice as long as this data has.
    await refused(file(chunk('IHDR', header({ bitDepth: 16 })), chunk('IDAT', rows), iend));
  });

  it('keeps the old answers for what is no PNG at all', async () => {
    await expectError(await upload(text(HTML)), 400, 'avatar-not-image');
    await refused(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])); // a JPEG
  });
});
