import { AssayError } from '@assay/contract';
import { databaseUnavailable } from '@assay/db';

/**
 * Translates what Fastify and its plugins throw for bad requests into Assay's codes, and a database
 * that is down into UNAVAILABLE (503: try again). Anything not recognised is a bug and becomes INTERNAL.
 */
export function fromFrameworkError(error: unknown): AssayError {
  if (error instanceof AssayError) return error;
  const { code, statusCode, message } = (error ?? {}) as { code?: string; statusCode?: number; message?: string };
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AssayError('BODY_TOO_LARGE', 'the request body is over the 50 MB limit');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AssayError('IMAGE_TOO_LARGE', 'the uploaded file is over the 10 MB image limit', { context: { image_index: 0 } });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AssayError('CONTENT_TYPE_UNSUPPORTED', 'send application/json or multipart/form-data');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AssayError('REQUEST_MALFORMED_JSON', 'the body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new AssayError('REQUEST_INVALID', message ?? 'the request is malformed');
  }
  if (error instanceof SyntaxError && statusCode === 400) {
    return new AssayError('REQUEST_MALFORMED_JSON', 'the body is not valid JSON');
  }
  // Other client errors from the framework or the multipart parser (malformed multipart bodies).
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new AssayError('REQUEST_INVALID', message ?? 'the request is malformed');
  }
  return databaseUnavailable(error) ?? new AssayError('INTERNAL', 'unexpected error', { cause: error });
}
