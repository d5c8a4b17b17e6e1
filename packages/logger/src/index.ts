import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths never written to a log: credentials in request headers (however a framework nests them)
 * and any field that carries an API key.
 */
export const redactedPaths = [
  'req.headers.authorization',
  'request.headers.authorization',
  'headers.authorization',
  'authorization',
  'apiKey',
  'api_key',
  '*.apiKey',
  '*.api_key',
  'secret',
  '*.secret',
];

/** Query parameters whose values are never logged: a credential passed in a URL, under any of the names clients use for one. */
const secretParameters = /^(api[_-]?key|apikey|key|token|access[_-]?token|secret|password)$/i;
/** Our API keys' prefix (see @assay/accounts): a value starting so is a key whatever its parameter is called. */
const apiKeyPrefix = 'assay_';

/**
 * A request's URL as it may be logged: the value of every query parameter that carries a credential
 * (by its name, or by being one of our API keys) replaced by `[redacted]`. A key sent as
 * `?api_key=…` is refused by the API, but the request line is logged before that.
 */
function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const [name = '', ...rest] = pair.split('=');
    const secret = secretParameters.test(decoded(name)) || decoded(rest.join('=')).trim().startsWith(apiKeyPrefix);
    return rest.length > 0 && secret ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/** A query string's name or value decoded; as sent when its escapes are malformed. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** A request as a log line shows it (the fields Fastify logs), its URL through loggableUrl. */
function requestForLog(req: { method?: string; url?: string; host?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: loggableUrl(String(req.url ?? '')), host: req.host ?? req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

export function createLogger(options: { level?: LoggerOptions['level']; name?: string } = {}, destination?: pino.DestinationStream): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { req: requestForLog },
    base: options.name ? { service: options.name } : {},
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(settings, destination) : pino(settings);
}

/**
 * A logger writing JSON lines to `path` (its folder made if missing), for a command whose terminal
 * shows progress and a summary rather than log lines (`assay run`). Each line is written as it is
 * logged (a few lines per item, so the cost is small): a process that is killed loses none, and
 * `close` has nothing buffered to wait for.
 */
export function createFileLogger(options: { level?: LoggerOptions['level']; name?: string }, path: string): { logger: Logger; close: () => void } {
  const destination = pino.destination({ dest: path, mkdir: true, sync: true });
  return { logger: createLogger(options, destination), close: () => destination.end() };
}
