/**
 * Thrown by this package's own decoders for bytes that cannot be an image; the public functions turn
 * it (and any other decoder failure) into IMAGE_UNDECODABLE for the image concerned.
 */
export class CorruptImageError extends Error {
  override name = 'CorruptImageError';
}
