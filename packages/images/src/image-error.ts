import { AssayError, type ErrorCode } from '@assay/contract';

export interface ImageErrorOptions {
  retryable?: boolean;
  context?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * Image errors name their image: a client that sent twenty images must learn which one failed, so
 * the index goes both into the message and into `context.image_index`.
 */
export function imageError(
  code: ErrorCode,
  message: string,
  imageIndex: number | undefined,
  options: ImageErrorOptions = {},
): AssayError {
  if (imageIndex === undefined) return new AssayError(code, message, options);
  return new AssayError(code, `image ${imageIndex}: ${message}`, {
    ...options,
    context: { image_index: imageIndex, ...options.context },
  });
}
