/** Where ingest reports what it does not throw: stray keys, published items, failed scans. */
export type IngestLogger = (level: 'error' | 'warn' | 'info' | 'debug', message: string, context?: Record<string, unknown>) => void;

export const silentLogger: IngestLogger = () => {};
