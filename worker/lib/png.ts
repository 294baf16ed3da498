import { concat } from './body';

// Image bytes as a PNG decoder sees them. A file is accepted only when every byte of it is accounted for:
// each chunk known, in its place and intact, and the compressed data inflating to exactly what the file
// declares (the rows of pixels its header promises). Anything else (text chunks, bytes between or after chunks, a stream that does not
// inflate) could carry a payload another program would read, so it is refused rather than skipped.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The format by its magic bytes, whatever the file is called or claims to be. */
export function imageFormat(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'avif' | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (ascii(bytes, 4, 12) === 'ftypavif') return 'avif';
  return null;
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
}

export interface PngLayout {
  header: PngHeader;
  /** PLTE entries; 0 without a palette. */
  paletteEntries: number;
  /** The IDAT chunks' data, concatenated: one zlib stream. */
  imageData: Uint8Array;
  /** iCCP's compressed ICC profile, when there is one. */
  colourProfile: Uint8Array | null;
}

/** Samples per pixel and the bit depths allowed, by colour type (PNG spec, table 11.1). */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] }, // greyscale
  2: { channels: 3, depths: [8, 16] }, // truecolour
  3: { channels: 1, depths: [1, 2, 4, 8] }, // indexed
  4: { channels: 2, depths: [8, 16] }, // greyscale with alpha
  6: { channels: 4, depths: [8, 16] }, // truecolour with alpha
};

/**
 * The ancillary chunks a picture may carry, each with the length its data must have (given the header and
 * palette) and whether it must come before PLTE. They describe colour and pixel size only; text, time,
 * and unknown chunks are refused. All of them precede the first IDAT.
 */
interface AncillaryRule {
  beforePalette: boolean;
  fits: (data: Uint8Array, png: PngLayout) => boolean;
}
const ANCILLARY: Record<string, AncillaryRule> = {
  sRGB: { beforePalette: true, fits: (data) => data.length === 1 && data[0] <= 3 },
  gAMA: { beforePalette: true, fits: (data) => data.length === 4 },
  cHRM: { beforePalette: true, fits: (data) => data.length === 32 },
  iCCP: { beforePalette: true, fits: (data) => profileName(data) > 0 },
  pHYs: { beforePalette: false, fits: (data) => data.length === 9 && data[8] <= 1 },
  tRNS: {
    beforePalette: false,
    fits: (data, { header, paletteEntries }) =>
      header.colourType === 0
        ? data.length === 2
        : header.colourType === 2
          ? data.length === 6
          : header.colourType === 3 && data.length >= 1 && data.length <= paletteEntries,
  },
  bKGD: {
    beforePalette: false,
    fits: (data, { header, paletteEntries }) =>
      header.colourType === 3
        ? data.length === 1 && data[0] < paletteEntries
        : data.length === (header.colourType === 2 || header.colourType === 6 ? 6 : 2),
  },
};

/**
 * iCCP starts with a profile name, a NUL and compression method 0; returns the name's length, or 0 when it
 * is none of that. The spec allows 1-79 Latin-1 characters; real names ("sRGB IEC61966-2.1", "Display P3")
 * use letters, digits, spaces and a little punctuation, and none needs markup. The zlib stream after it is
 * checked with the pixels (`inflatesExactly`).
 */
function profileName(data: Uint8Array): number {
  const end = data.indexOf(0);
  if (end < 1 || end > 79 || data[end + 1] !== 0 || data.length < end + 3) return 0;
  const name = ascii(data, 0, end);
  const tidy = !name.startsWith(' ') && !name.endsWith(' ') && !name.includes('  ');
  return tidy && /^[A-Za-z0-9 ._,:;()+/-]+$/.test(name) ? end : 0;
}

/**
 * Walks a PNG from its signature to IEND and returns its header, palette size and compressed image data;
 * null when any chunk is out of bounds, has a wrong CRC, is unknown or out of place, or when anything
 * follows IEND. Interlaced images are refused: the avatar comes from a canvas, which never interlaces.
 */
export function readPngLayout(bytes: Uint8Array): PngLayout | null {
  if (!startsWith(bytes, PNG_SIGNATURE)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const seen = new Set<string>();
  const imageParts: Uint8Array[] = [];
  let png: PngLayout | null = null;
  let at = PNG_SIGNATURE.length;
  while (at < bytes.length) {
    if (bytes.length - at < 12) return null;
    const length = view.getUint32(at);
    const type = ascii(bytes, at + 4, at + 8);
    // The spec caps a chunk at 2^31-1 bytes; here the file's own end is the tighter bound.
    if (length > 0x7fffffff || length > bytes.length - at - 12) return null;
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return null;
    at += 12 + length;

    if (!png) {
      if (type !== 'IHDR') return null;
      const header = readHeader(data);
      if (!header) return null;
      png = { header, paletteEntries: 0, imageData: new Uint8Array(), colourProfile: null };
    } else if (type === 'IDAT') {
      if (png.header.colourType === 3 && !seen.has('PLTE')) return null;
      imageParts.push(data);
    } else if (type === 'IEND') {
      if (length !== 0 || !seen.has('IDAT') || at !== bytes.length) return null;
    } else if (seen.has(type) || seen.has('IDAT')) {
      // Each of the others at most once, and all before the first IDAT: so IDATs are consecutive and
      // only IEND follows them.
      return null;
    } else if (type === 'PLTE') {
      const { colourType, bitDepth } = png.header;
      const entries = length / 3;
      if (colourType === 0 || colourType === 4 || !Number.isInteger(entries) || entries < 1) return null;
      if (entries > (colourType === 3 ? 2 ** bitDepth : 256)) return null;
      png.paletteEntries = entries;
    } else {
      const rule = Object.hasOwn(ANCILLARY, type) ? ANCILLARY[type] : undefined;
      if (!rule || (rule.beforePalette && seen.has('PLTE')) || !rule.fits(data, png)) return null;
      if (type === 'iCCP') png.colourProfile = data.subarray(profileName(data) + 2);
    }
    seen.add(type);
  }
  if (!png || !seen.has('IEND')) return null;
  png.imageData = concat(imageParts);
  return png;
}

function readHeader(data: Uint8Array): PngHeader | null {
  if (data.length !== 13) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const [bitDepth, colourType, compression, filter, interlace] = data.subarray(8);
  const header = { width: view.getUint32(0), height: view.getUint32(4), bitDepth, colourType };
  const limit = 0x7fffffff;
  if (header.width < 1 || header.width > limit || header.height < 1 || header.height > limit) return null;
  if (!COLOUR_TYPES[colourType]?.depths.includes(bitDepth)) return null;
  if (compression !== 0 || filter !== 0 || interlace !== 0) return null;
  return header;
}

/** Bytes in one row of pixels, without its filter byte. */
const rowBytes = ({ width, bitDepth, colourType }: PngHeader) =>
  Math.ceil((width * COLOUR_TYPES[colourType].channels * bitDepth) / 8);

const MAX_PROFILE_BYTES = 1024 * 1024;

/**
 * True when every zlib stream of the file inflates cleanly to exactly what it declares: the image data to
 * one filter byte (0-4) plus `rowBytes` per row of the header, the ICC profile (if any) to the size its
 * own header gives. Call it after checking the header's size: the expected size is what bounds the work.
 */
export async function inflatesExactly(png: PngLayout): Promise<boolean> {
  const stride = 1 + rowBytes(png.header);
  const expected = png.header.height * stride;
  const pixels = await inflate(png.imageData, expected);
  if (pixels?.length !== expected) return false;
  for (let row = 0; row < expected; row += stride) if (pixels[row] > 4) return false;
  if (!png.colourProfile) return true;
  // An ICC profile is a 128-byte header and its tags; the header's first four bytes give the whole size.
  const profile = await inflate(png.colourProfile, MAX_PROFILE_BYTES);
  if (!profile || profile.length < 128) return false;
  return new DataView(profile.buffer, profile.byteOffset).getUint32(0) === profile.length;
}

/**
 * A zlib stream's content, or null when it is not one whole, valid stream (workerd's DecompressionStream
 * fails on corrupt data, a wrong Adler-32, a cut stream and bytes after its end) or would pass `limit`.
 * The output is read only up to the limit, so a small file that would inflate to gigabytes costs no more
 * than a valid one.
 */
async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array | null> {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const out = new Uint8Array(limit);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return out.subarray(0, filled);
      if (value.byteLength > limit - filled) {
        await reader.cancel().catch(() => undefined);
        return null;
      }
      out.set(value, filled);
      filled += value.byteLength;
    }
  } catch {
    return null;
  }
}
