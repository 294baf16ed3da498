import { randomToken } from '../auth/crypto';
import { AppError, badRequest } from '../lib/errors';

// Avatars are R2 objects under immutable keys: a new upload gets a new key (and URL), so the
// old one can be cached forever by browsers and deleted from R2 once replaced.

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 300;
export const AVATAR_KEY = /^\d+-[A-Za-z0-9_-]{16}\.png$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
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
export function crc32(bytes: Uint8Array): number {
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

/**
 * Width and height from a PNG's IHDR, the chunk that must follow the signature; null when the
 * signature, the IHDR (length 13, valid CRC) or the closing IEND chunk is not where it must be.
 */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (!startsWith(bytes, PNG_SIGNATURE) || bytes.length < 8 + 25 + IEND.length) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(8) !== 13 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  if (crc32(bytes.subarray(12, 29)) !== view.getUint32(29)) return null;
  if (!startsWith(bytes, IEND, bytes.length - IEND.length)) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The client crops to a 300x300 PNG; anything else is refused rather than converted. */
export function checkAvatar(bytes: Uint8Array) {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError(413, 'avatar-too-large');
  if (!imageFormat(bytes)) throw badRequest('avatar-not-image');
  const size = pngSize(bytes);
  if (!size || size.width !== AVATAR_SIZE || size.height !== AVATAR_SIZE) throw badRequest('avatar-invalid');
}

export async function storeAvatar(bucket: R2Bucket, playerId: number, bytes: Uint8Array): Promise<string> {
  const key = `${playerId}-${randomToken(12)}.png`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: 'image/png' } });
  return key;
}
