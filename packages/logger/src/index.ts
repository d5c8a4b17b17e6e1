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

export function createLogger(options: { level?: LoggerOptions['level']; name?: string } = {}, destination?: pino.DestinationStream): Logger {
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
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
