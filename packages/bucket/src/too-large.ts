import { AssayError } from '@assay/contract';

// Objects in the bucket are photos to assess, so the image size limit is the one that applies.
export function objectTooLarge(key: string, size: number | undefined, maxBytes: number): AssayError {
  return new AssayError('IMAGE_TOO_LARGE', `the object ${key} is over ${maxBytes} bytes`, { context: { key, size, maxBytes } });
}
