import { STATUS_CODES } from 'node:http';
import { AssayError, problemTypeUri, type ErrorCode, type Problem } from '@assay/contract';

/** The HTTP status of every error code: the one place where codes meet HTTP. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'REQUEST_INVALID':
    case 'REQUEST_MALFORMED_JSON':
    case 'IMAGE_BASE64_INVALID':
    case 'IMAGE_EMPTY':
    case 'IMAGE_URL_INVALID':
      return 400;
    case 'AUTH_TOKEN_MISSING':
    case 'AUTH_TOKEN_INVALID':
      return 401;
    case 'OPERATION_NOT_ENABLED':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'METHOD_NOT_ALLOWED':
      return 405;
    case 'BODY_TOO_LARGE':
    case 'IMAGE_TOO_LARGE':
      return 413;
    case 'CONTENT_TYPE_UNSUPPORTED':
    case 'IMAGE_FORMAT_UNSUPPORTED':
      return 415;
    case 'IMAGE_UNDECODABLE':
    case 'IMAGE_TOO_MANY_PIXELS':
    case 'IMAGE_URL_BLOCKED':
    case 'IMAGE_URL_UNREACHABLE':
    case 'IMAGE_URL_TIMEOUT':
    case 'IMAGE_URL_TOO_MANY_REDIRECTS':
    case 'IMAGE_REF_UNKNOWN':
    case 'CATALOG_INVALID':
    case 'COINS_MAINLY_PILES':
    case 'COINS_ANCIENT_UNSUPPORTED':
    case 'COINS_DATE_RUN_UNSUPPORTED':
    case 'COINS_SET_UNSUPPORTED':
      return 422;
    case 'RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'UNAVAILABLE':
      return 503;
  }
}

/** Renders an AssayError as RFC 9457 problem details; only whitelisted context reaches the client. */
export function toProblem(error: AssayError, requestId: string, instance: string): Problem {
  const status = statusForCode(error.code);
  const problem: Problem = {
    type: problemTypeUri(error.code),
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: status >= 500 ? 'the server could not complete the request; it has been logged' : error.message,
    code: error.code,
    instance,
    request_id: requestId,
  };
  const { errors, image_index: imageIndex } = error.context;
  if (Array.isArray(errors)) problem.errors = errors as Problem['errors'];
  if (typeof imageIndex === 'number') problem.image_index = imageIndex;
  return problem;
}
