import { createRequire } from 'node:module';
import { CorruptImageError } from './corrupt-image-error.ts';
import type { RawImage } from './raw-image.ts';

/** The few libheif calls used here (libheif-js ships no usable types for its embind API). */
interface HeifEnum {
  value: number;
}
interface HeifError {
  code: HeifEnum;
  subcode: HeifEnum;
  message: string;
}
interface HeifChannel {
  id: HeifEnum;
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}
interface HeifDecoded {
  image: object;
  channels: HeifChannel[];
}
type Handle = object;
type Context = object;
interface LibHeif {
  heif_context_alloc(): Context;
  heif_context_free(context: Context): void;
  heif_context_read_from_memory(context: Context, data: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(context: Context): Handle | HeifError;
  heif_image_handle_get_width(handle: Handle): number;
  heif_image_handle_get_height(handle: Handle): number;
  heif_image_handle_has_alpha_channel(handle: Handle): number;
  heif_image_handle_release(handle: Handle): void;
  heif_js_decode_image2(handle: Handle, colorspace: HeifEnum, chroma: HeifEnum): HeifDecoded | HeifError;
  heif_image_release(image: object): void;
  heif_colorspace: { heif_colorspace_RGB: HeifEnum };
  heif_chroma: { heif_chroma_interleaved_RGB: HeifEnum; heif_chroma_interleaved_RGBA: HeifEnum };
}

const heifErrorOk = 0;
const noMatchingDecoder = 6003;

/** libheif has no decoder for this file's codec (the wasm build has HEVC, not AV1): try sharp. */
export class HeifCodecMissingError extends Error {
  override name = 'HeifCodecMissingError';
}

const require = createRequire(import.meta.url);
let instance: LibHeif | undefined;

/**
 * libheif-js/wasm-bundle.js is this factory called once; the factory itself is used so that an
 * instance whose wasm trapped on hostile input can be dropped and a clean one made.
 */
function libheif(): LibHeif {
  if (instance === undefined) {
    const factory = require('libheif-js/libheif-wasm/libheif-bundle.js') as () => LibHeif;
    instance = factory();
  }
  return instance;
}

function isError(value: object): value is HeifError {
  return 'code' in value && typeof (value as HeifError).code === 'object';
}

function withPrimaryImage<T>(bytes: Buffer, use: (lib: LibHeif, handle: Handle) => T): T {
  const lib = libheif();
  let context: Context | undefined;
  let handle: Handle | undefined;
  try {
    context = lib.heif_context_alloc();
    const read = lib.heif_context_read_from_memory(context, bytes);
    if (read.code.value !== heifErrorOk) throw new CorruptImageError(`the HEIF file is invalid: ${read.message}`);
    const primary = lib.heif_js_context_get_primary_image_handle(context);
    if (isError(primary)) throw new CorruptImageError(`the HEIF file has no image: ${primary.message}`);
    handle = primary;
    return use(lib, handle);
  } catch (error) {
    // Anything but a verdict on the input (a wasm trap, running out of memory) may leave the
    // instance broken; the next call gets a fresh one.
    if (!(error instanceof CorruptImageError || error instanceof HeifCodecMissingError)) instance = undefined;
    throw error;
  } finally {
    try {
      if (handle !== undefined) lib.heif_image_handle_release(handle);
      if (context !== undefined) lib.heif_context_free(context);
    } catch {
      instance = undefined; // a trapped instance cannot be trusted to free anything
    }
  }
}

/** The size of the primary image, read from the boxes without decoding anything. */
export function readHeifSize(bytes: Buffer): { width: number; height: number } {
  return withPrimaryImage(bytes, (lib, handle) => ({
    width: lib.heif_image_handle_get_width(handle),
    height: lib.heif_image_handle_get_height(handle),
  }));
}

/** Decodes the primary image (HEVC or any codec the wasm build has) to RGB or RGBA. */
export function decodeHeif(bytes: Buffer): RawImage {
  return withPrimaryImage(bytes, (lib, handle) => {
    const alpha = lib.heif_image_handle_has_alpha_channel(handle) !== 0;
    const chroma = alpha ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB;
    const decoded = lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, chroma);
    if (isError(decoded)) {
      if (decoded.subcode.value === noMatchingDecoder) throw new HeifCodecMissingError(decoded.message);
      throw new CorruptImageError(`the HEIF image cannot be decoded: ${decoded.message}`);
    }
    try {
      const plane = decoded.channels[0];
      if (plane === undefined) throw new CorruptImageError('the HEIF image decoded to nothing');
      const channels = alpha ? 4 : 3;
      const rowBytes = plane.width * channels;
      // The plane is a view into wasm memory, valid only until the image is released: copy it out.
      const data = Buffer.alloc(rowBytes * plane.height);
      for (let y = 0; y < plane.height; y++) {
        data.set(plane.data.subarray(y * plane.stride, y * plane.stride + rowBytes), y * rowBytes);
      }
      return { data, width: plane.width, height: plane.height, channels };
    } finally {
      lib.heif_image_release(decoded.image);
    }
  });
}
