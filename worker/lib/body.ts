import { AppError, badRequest } from './errors';

/**
 * The request's body, refused (413 `tooLargeKey`) as soon as it passes `maxBytes`. The declared
 * Content-Length is trusted only to refuse early: a chunked body has none, so the bytes are counted
 * as they stream in and the read stops at the cap instead of buffering whatever the client sends.
 * A body that breaks off (the client went away or dropped the upload) is the client's doing, not a
 * server error: 400 `body-incomplete`, which is not logged (and likely read by nobody).
 */
export async function readCapped(
  request: Request,
  maxBytes: number,
  tooLargeKey: string,
): Promise<Uint8Array> {
  const tooLarge = () => new AppError(413, tooLargeKey);
  if (Number(request.headers.get('Content-Length') ?? '0') > maxBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw badRequest('body-incomplete');
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return concat(chunks);
}

/** The parts' bytes one after another, in one array. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The media type of a Content-Type header, lower case, without its parameters; '' when absent. */
export const mediaType = (header: string | null | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
