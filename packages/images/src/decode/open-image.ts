import { AssayError, limits, type ImageFormat } from '@assay/contract';
import { imageError } from '../image-error.ts';
import { sniffFormat } from '../sniff-format.ts';
import { decodeBmp, readBmpHeader } from './bmp.ts';
import type { RawImage } from './raw-image.ts';
import { HeifCodecMissingError, readHeifSize } from './heif.ts';
import { decodeHeifOffThread } from './heif-off-thread.ts';
import { decodeIcoDib, readIco } from './ico.ts';
import { decodeWithSharp, readSharpSize, verifyWithSharp } from './sharp-codec.ts';

export interface OpenImageOptions {
  /** Largest width × height accepted; checked on the header, before any pixel is decoded. */
  maxPixels?: number;
  /** Named in errors as `context.image_index`. */
  imageIndex?: number;
}

/** An image whose header has been read and whose size is within the limit; nothing decoded yet. */
export interface OpenedImage {
  format: ImageFormat;
  /** The size decode() returns (EXIF orientation applied). */
  width: number;
  height: number;
  decode(): Promise<RawImage>;
  /** Proves every pixel decodes, more cheaply than decode() where the decoder allows it. */
  verify(): Promise<void>;
}

interface Codec {
  width: number;
  height: number;
  decode(maxPixels: number): Promise<RawImage>;
  verify?(maxPixels: number): Promise<void>;
}

async function sharpCodec(bytes: Buffer): Promise<Codec> {
  const size = await readSharpSize(bytes);
  return {
    width: size.width,
    height: size.height,
    decode: (maxPixels) => decodeWithSharp(bytes, maxPixels),
    verify: (maxPixels) => verifyWithSharp(bytes, maxPixels, size.width),
  };
}

/** Reads just enough of the file to know its size, and picks the decoder that can read it. */
async function openCodec(bytes: Buffer, format: ImageFormat): Promise<Codec> {
  switch (format) {
    case 'bmp': {
      const { header } = readBmpHeader(bytes);
      return { width: header.width, height: header.height, decode: async () => decodeBmp(bytes) };
    }
    case 'ico': {
      const icon = readIco(bytes);
      if (icon.kind === 'png') return sharpCodec(icon.png);
      const { header } = icon;
      return { width: header.width, height: header.height, decode: async () => decodeIcoDib(icon) };
    }
    case 'heic':
    case 'heif': {
      const { width, height } = readHeifSize(bytes);
      const decode = async (maxPixels: number) => {
        try {
          return await decodeHeifOffThread(bytes);
        } catch (error) {
          // libheif-js has HEVC but not AV1; sharp's libvips has AV1 but not HEVC.
          if (error instanceof HeifCodecMissingError) return decodeWithSharp(bytes, maxPixels);
          throw error;
        }
      };
      return { width, height, decode };
    }
    default:
      return sharpCodec(bytes);
  }
}

function decodeFailure(error: unknown, format: ImageFormat, index: number | undefined): AssayError {
  if (error instanceof AssayError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  if (reason.includes('exceeds pixel limit')) {
    return imageError('IMAGE_TOO_MANY_PIXELS', 'the image has too many pixels', index, { cause: error });
  }
  return imageError('IMAGE_UNDECODABLE', `the ${format} image cannot be decoded: ${reason.slice(0, 200)}`, index, {
    context: { format },
    cause: error,
  });
}

/**
 * Sniffs the format, reads the size from the header and refuses images over the pixel limit before
 * anything is decoded, so that a small file declaring a huge image (a decompression bomb) costs
 * nothing. Errors: IMAGE_EMPTY, IMAGE_FORMAT_UNSUPPORTED, IMAGE_TOO_MANY_PIXELS, IMAGE_UNDECODABLE.
 */
export async function openImage(bytes: Buffer, options: OpenImageOptions = {}): Promise<OpenedImage> {
  const index = options.imageIndex;
  const maxPixels = options.maxPixels ?? limits.imagePixels;
  if (bytes.length === 0) throw imageError('IMAGE_EMPTY', 'the image is empty', index);
  const format = sniffFormat(bytes);
  if (format === null) {
    throw imageError(
      'IMAGE_FORMAT_UNSUPPORTED',
      'the image is not in a supported format (JPEG, PNG, GIF, BMP, TIFF, WebP, ICO, HEIC, HEIF)',
      index,
    );
  }
  let codec: Codec;
  try {
    codec = await openCodec(bytes, format);
  } catch (error) {
    throw decodeFailure(error, format, index);
  }
  if (codec.width * codec.height > maxPixels) {
    throw imageError('IMAGE_TOO_MANY_PIXELS', `the image is ${codec.width}x${codec.height} pixels; at most ${maxPixels} pixels are accepted`, index, {
      context: { width: codec.width, height: codec.height, max_pixels: maxPixels },
    });
  }
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw decodeFailure(error, format, index);
    }
  };
  const verify = async () => {
    if (codec.verify) await codec.verify(maxPixels);
    else await codec.decode(maxPixels);
  };
  return {
    format,
    width: codec.width,
    height: codec.height,
    decode: () => guard(() => codec.decode(maxPixels)),
    verify: () => guard(verify),
  };
}
