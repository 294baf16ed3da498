import { readCapped } from './body';
import { AppError, badRequest } from './errors';
import { imageFormat, inflatesExactly, readPngLayout } from './png';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 300;
/** What a multipart body may add around the file: boundaries, part headers, a file name. */
const MULTIPART_FRAMING_BYTES = 16 * 1024;

/**
 * The bytes of the multipart field `file`. The body is counted while it streams in and refused (413) past
 * the avatar's limit plus the framing, before it is parsed: a chunked body has no length to refuse it by.
 */
export async function readAvatarUpload(request: Request): Promise<Uint8Array> {
  const body = await readCapped(request, AVATAR_MAX_BYTES + MULTIPART_FRAMING_BYTES, 'avatar-too-large');
  let file: File | string | null;
  try {
    const type = request.headers.get('Content-Type') ?? 'application/octet-stream';
    // workers-types declares string entries only; with the `formdata_parser_supports_files` default
    // (compatibility dates since 2021-11) a file part arrives as a File.
    const form = await new Response(body, { headers: { 'Content-Type': type } }).formData();
    file = form.get('file') as unknown as File | string | null;
  } catch {
    throw badRequest('avatar-missing');
  }
  if (!file || typeof file === 'string') throw badRequest('avatar-missing');
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The client crops to a 300x300 PNG; anything else is refused rather than converted. Not an image at all
 * is `avatar-not-image`; an image that is not a clean 300x300 PNG (another format, another size, or a PNG
 * with chunks, bytes or pixel data we cannot account for) is `avatar-invalid`.
 */
export async function checkAvatar(bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError(413, 'avatar-too-large');
  if (!imageFormat(bytes)) throw badRequest('avatar-not-image');
  const png = readPngLayout(bytes);
  // The size is checked before inflating: it is what bounds the inflated bytes.
  const square = png && png.header.width === AVATAR_SIZE && png.header.height === AVATAR_SIZE;
  if (!square || !(await inflatesExactly(png))) throw badRequest('avatar-invalid');
}
