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
