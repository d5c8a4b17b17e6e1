import type { Bus, TopicPartition } from '@assay/bus';
import type { Config } from '@assay/config';
import type { Logger } from '@assay/logger';
import { lagMetrics, startMetricsServer, type MetricsServer, type ReadinessChecks, type Registry } from '@assay/metrics';

/** Starts a pipeline service's `/healthz`, `/readyz` and `/metrics` where the configuration says, and logs where. */
export async function serveObservability(config: Config, registry: Registry, checks: ReadinessChecks, logger: Logger): Promise<MetricsServer> {
  const server = await startMetricsServer({ registry, host: config.metrics.host, port: config.metrics.port, checks });
  logger.info({ url: server.url }, 'serving /healthz, /readyz and /metrics');
  return server;
}

/**
 * Reports the group's lag on the partitions this member owns at scrape time, so that summing over
 * the group's members counts each partition once.
 */
export function reportLag(registry: Registry, bus: Bus, group: string, topics: readonly string[], owned: () => readonly TopicPartition[]): void {
  lagMetrics(registry, group, async () => {
    const mine = new Set(owned().map(({ topic, partition }) => `${topic}\u0000${partition}`));
    return (await bus.lag(group, topics)).filter(({ topic, partition }) => mine.has(`${topic}\u0000${partition}`));
  });
}
