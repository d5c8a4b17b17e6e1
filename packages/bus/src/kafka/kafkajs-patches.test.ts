import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';

/*
 * kafkajs 2.2.4 is patched (patches/kafkajs@2.2.4.patch) where its bugs hurt us; these tests fail
 * on the unpatched package, so a reinstall that loses the patch is caught here.
 */
const require = createRequire(import.meta.url);
const silent = { namespace: () => silent, debug() {}, info() {}, warn() {}, error() {} };

describe('kafkajs fetch manager (patched)', () => {
  it('starts no fetchers once stopped while it was rebalancing them', async () => {
    const createFetchManager = require('kafkajs/src/consumer/fetchManager.js') as (options: object) => { start(): Promise<void>; stop(): Promise<void> };
    let nodeIds = ['1', '2'];
    let stopped = false;
    let fetchesAfterStop = 0;
    let releaseSlowFetch = () => {};
    const fetch = async (nodeId: string): Promise<unknown[]> => {
      if (stopped) {
        fetchesAfterStop++;
        await sleep(5);
        return [];
      }
      if (nodeId === '2') {
        // Node 2's fetch is still in flight when the fetchers are rebalanced and stopped.
        await new Promise<void>((resolve) => (releaseSlowFetch = resolve));
        return [];
      }
      // Node 1 sees the cluster change: its next fetch makes the manager rebalance its fetchers.
      await sleep(1);
      nodeIds = ['1', '3'];
      return [];
    };
    const manager = createFetchManager({ logger: silent, getNodeIds: () => nodeIds, fetch, handler: async () => {} });
    const started = manager.start();
    // The rebalance now waits for node 2's fetcher to finish; the runner stops meanwhile.
    await sleep(20);
    stopped = true;
    await manager.stop();
    releaseSlowFetch();
    const ended = await Promise.race([started.then(() => true), sleep(100).then(() => false)]);
    expect(fetchesAfterStop).toBe(0);
    expect(ended).toBe(true);
  });
});

describe('kafkajs request queue (patched)', () => {
  it('arms no timer when nothing is queued and nothing is throttled', () => {
    const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as new (options: object) => { scheduleCheckPendingRequests(): void; throttleCheckTimeoutId: unknown };
    const queue = new RequestQueue({ instrumentationEmitter: null, maxInFlightRequests: 1, requestTimeout: 1000, enforceRequestTimeout: false, clientId: 'test', broker: 'b:1', logger: silent, isConnected: () => true });
    queue.scheduleCheckPendingRequests();
    expect(queue.throttleCheckTimeoutId).toBeFalsy();
  });
});
