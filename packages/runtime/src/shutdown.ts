import type { Logger } from '@assay/logger';

const signals = ['SIGTERM', 'SIGINT'] as const;

/**
 * Closes everything once on SIGTERM or SIGINT (or when the returned function is called), then
 * exits 0. A close that outlasts the deadline ends the process with 1 rather than hang forever.
 * Closing stops listening for the signals, so services started and closed in one process (tests,
 * tools) leave no listeners behind.
 */
export function closeOnSignals(closeAll: () => Promise<void>, timeoutMs: number, logger: Logger): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    void close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  const close = () =>
    (closing ??= (async () => {
      for (const signal of signals) process.off(signal, onSignal);
      const deadline = setTimeout(() => {
        logger.error({ timeout_ms: timeoutMs }, 'shutdown deadline passed; exiting');
        process.exit(1);
      }, timeoutMs);
      deadline.unref();
      await closeAll();
      clearTimeout(deadline);
    })());
  for (const signal of signals) process.once(signal, onSignal);
  return close;
}
