import { collectDefaultMetrics, Registry } from 'prom-client';

export type { Registry };

/**
 * A registry of one service instance, never prom-client's global one, so that several services
 * (or tests) in one process keep their numbers apart. Every series carries `service`; process
 * metrics (memory, CPU, event loop) come with it.
 */
export function createRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry, prefix: 'assay_' });
  return registry;
}
