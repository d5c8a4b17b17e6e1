import type { Config } from '@assay/config';
import type { Engine, OpenEngineOptions } from './open-engine.ts';

export type { Engine, OpenEngineOptions } from './open-engine.ts';

/**
 * Opens everything that assesses (see open-engine.ts). Loaded on first use: the engine brings image
 * decoding, OCR and the worker pools, which a service that only moves events never needs.
 */
export async function openEngine(config: Config, options: OpenEngineOptions = {}): Promise<Engine> {
  const { openEngine: open } = await import('./open-engine.ts');
  return open(config, options);
}
export { batchVisionWorkers } from './batch-vision-workers.ts';
export { closeOnSignals } from './shutdown.ts';
export { openKafkaBus, openBucket, type ServiceOptions } from './pipeline-adapters.ts';
export { serveObservability, reportLag } from './observability.ts';
export { createCloserStack, type CloserStack } from './closer-stack.ts';
