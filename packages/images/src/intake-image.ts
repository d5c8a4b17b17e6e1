import { createHash } from 'node:crypto';
import { limits, type Base64Image, type ImageFormat, type UrlImage } from '@assay/contract';
import { decodeBase64Strict } from './decode-base64.ts';
import { imageError } from './image-error.ts';
import { inspectImage } from './inspect-image.ts';
import { fetchImageUrl, type ResolveHost } from './url/fetch-image-url.ts';

/** An image that passed every check: its bytes, their content address, and what they are. */
export interface IntakenImage {
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the image's key in an ImageStore. */
  sha256: string;
  format: ImageFormat;
  width: number;
  height: number;
  filename: string | null;
  byteLength: number;
}

export interface IntakeBytesOptions {
  filename: string | null;
  index?: number;
  maxPixels?: number;
}

export interface IntakeImageOptions {
  /** Position of the image in the request, reported as `context.image_index` in errors. */
  index: number;
  /** Allows URLs on loopback and private networks (ASSAY_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  maxPixels?: number;
  timeoutMs?: number;
  /** Replaces DNS resolution (tests, or a resolver of the operator's choice). */
  resolveHost?: ResolveHost;
  /** Decides which connected addresses are refused; defaults to isBlockedAddress. */
  addressPolicy?: (address: string) => boolean;
}

/** Checks bytes that arrived as they are (a multipart upload, say) and gives them their address. */
export async function intakeBytes(bytes: Buffer, options: IntakeBytesOptions): Promise<IntakenImage> {
  const { index } = options;
  if (bytes.length === 0) throw imageError('IMAGE_EMPTY', 'the image is empty', index);
  if (bytes.length > limits.imageBytes) {
    throw imageError('IMAGE_TOO_LARGE', `the image is ${bytes.length} bytes; at most ${limits.imageBytes} are accepted`, index, {
      context: { byte_length: bytes.length, max_bytes: limits.imageBytes },
    });
  }
  const info = await inspectImage(bytes, { maxPixels: options.maxPixels, imageIndex: index });
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...info,
    filename: options.filename,
    byteLength: bytes.length,
  };
}

/**
 * Takes one image input of the request (base64 or URL; `image_ref` inputs are resolved elsewhere),
 * gets its bytes and checks them. A URL image's filename is the one the client gave, else the
 * server's (Content-Disposition, then the URL path).
 */
export async function intakeImage(input: Base64Image | UrlImage, options: IntakeImageOptions): Promise<IntakenImage> {
  const { index, maxPixels } = options;
  if ('url' in input) {
    const fetched = await fetchImageUrl(input.url, {
      allowPrivate: options.allowPrivate,
      imageIndex: index,
      timeoutMs: options.timeoutMs,
      resolveHost: options.resolveHost,
      addressPolicy: options.addressPolicy,
    });
    return intakeBytes(fetched.bytes, { filename: input.filename ?? fetched.filename, index, maxPixels });
  }
  return intakeBytes(decodeBase64Strict(input.data, index), { filename: input.filename, index, maxPixels });
}
