import { AssayError } from '@assay/contract';

// SQLSTATEs of a database that went away or turned us down: connection exceptions (08), an
// administrator or the server ending sessions (57P01–57P03) and too many connections (53300).
const unavailableStates = /^(08...|57P0[123]|53300)$/;
// What node-postgres and the socket say when the connection is gone or never came.
const lostConnection = /Connection terminated|not queryable|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/;

/**
 * The error, as UNAVAILABLE (retryable), when it says the database could not be reached or dropped
 * the connection, rather than that the query was wrong; otherwise null. Looks through the causes
 * drizzle wraps driver errors in.
 */
export function databaseUnavailable(error: unknown): AssayError | null {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, severity, message } = cause as { code?: unknown; severity?: unknown; message?: unknown };
    const refused = typeof code === 'string' && (unavailableStates.test(code) || (severity === 'FATAL' && code === '55000'));
    if (refused || (typeof code === 'string' && lostConnection.test(code)) || (typeof message === 'string' && lostConnection.test(message))) {
      return new AssayError('UNAVAILABLE', 'the database is unavailable; try again shortly', { retryable: true, cause: error });
    }
  }
  return null;
}
