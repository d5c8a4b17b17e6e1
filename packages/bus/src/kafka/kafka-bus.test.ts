import { createRequire } from 'node:module';
import { describe, expect, inject, it } from 'vitest';
import { createKafkaBus } from '../index.ts';

describe('Kafka bus', () => {
  it('reports unreachable brokers as UNAVAILABLE', async () => {
    const bus = createKafkaBus({ brokers: ['127.0.0.1:9'], clientId: 'assay-test', retries: 0 });
    await expect(bus.ready()).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    await expect(bus.publish('anything', [{ key: 'k', value: 'v' }])).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    await bus.close();
  });

  it('routes kafkajs log lines to the logger', async () => {
    const lines: { level: string; message: string }[] = [];
    const bus = createKafkaBus({
      brokers: inject('kafkaBrokers').split(','),
      clientId: 'assay-test',
      sessionTimeoutMs: process.env.KAFKA_BROKERS ? 6000 : 3000,
      log: (level, message) => lines.push({ level, message }),
    });
    const subscription = await bus.subscribe({ group: `log-${Date.now()}`, topics: [`log-${Date.now()}`], handler: async () => {} });
    await subscription.close();
    await bus.close();
    expect(lines).toContainEqual({ level: 'info', message: 'kafkajs: Consumer has joined the group' });
  });

  it('keeps kafkajs from re-arming its request timer while no request waits', () => {
    createKafkaBus({ brokers: ['127.0.0.1:9'], clientId: 'assay-test' });
    const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js');
    const idle = { pending: [], throttledUntil: -1, throttleCheckTimeoutId: null, checkPendingRequests() {} };
    RequestQueue.prototype.scheduleCheckPendingRequests.call(idle);
    expect(idle.throttleCheckTimeoutId).toBeNull();
    const waiting = { ...idle, pending: [{}] };
    RequestQueue.prototype.scheduleCheckPendingRequests.call(waiting);
    expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    clearTimeout(waiting.throttleCheckTimeoutId ?? undefined);
  });
});
