import { Gauge, type Registry } from 'prom-client';

export interface PartitionLag {
  topic: string;
  partition: number;
  /** Messages not yet committed by the group. */
  lag: number;
}

const lagTimeoutMs = 2_000;

/**
 * Consumer lag, asked of the bus at scrape time rather than polled: nothing runs unless someone
 * looks, and the number is never older than the scrape. A bus that does not answer in time leaves
 * the gauge empty for that scrape (no number beats a stale one).
 */
export function lagMetrics(registry: Registry, group: string, read: () => Promise<PartitionLag[]>): void {
  new Gauge({
    name: 'assay_consumer_lag',
    help: 'Messages of a partition this member owns that its group has not committed yet',
    labelNames: ['group', 'topic', 'partition'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), lagTimeoutMs)));
      const lags = await Promise.race([read().catch(() => null), timeout]);
      clearTimeout(timer);
      for (const { topic, partition, lag } of lags ?? []) this.set({ group, topic, partition: String(partition) }, lag);
    },
  });
}
