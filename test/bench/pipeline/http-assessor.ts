import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, setGlobalDispatcher } from 'undici';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAssessor, createHttpGateway } from '@assay/assessor';
import { createFolderBucket } from '@assay/bucket';
import { createMemoryBus } from '@assay/bus';
import { createClient } from '@assay/client';
import type { ItemDiscovered } from '@assay/contract';

/**
 * The HTTP assessor against a stand-in service answering every assessment after `latencyMs`:
 * items per second at `concurrency`, and efficiency = measured / (concurrency ÷ latency).
 */
export async function measureHttpAssessor({ items, concurrency, latencyMs }: { items: number; concurrency: number; latencyMs: number }) {
  // Enough sockets for every item in flight; the default pool would queue requests behind each other.
  setGlobalDispatcher(new Agent({ connections: concurrency * 2, keepAliveTimeout: 60_000 }));
  const service = spawn(process.execPath, [new URL('../../support/stand-in-service.ts', import.meta.url).pathname, String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const root = await mkdtemp(join(tmpdir(), 'assay-bench-assessor-'));
  const bus = createMemoryBus({ partitions: 16 });
  try {
    const baseUrl = await new Promise<string>((resolve) => service.stdout!.once('data', (d) => resolve(String(d).trim())));
    const bucket = createFolderBucket({ root });
    await bucket.put('cards/item/photo.jpg', Buffer.from('stand-in photo'));
    const gateway = createHttpGateway(createClient({ baseUrl, apiKey: 'bench' }));
    let done = 0;
    let finished: () => void = () => {};
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    const subscription = await createAssessor({
      bus,
      topics: { items: 'items', outcomes: 'outcomes', deadLetters: 'dead' },
      group: 'assessors',
      gateway,
      bucketFor: () => bucket,
      concurrency,
      onOutcome: (outcome) => {
        if (outcome.outcome !== 'assessed') throw new Error(`bench item ${outcome.item_key} ${outcome.outcome}: ${outcome.error?.message}`);
        if (++done === items) finished();
      },
    }).start();
    const events = Array.from({ length: items }, (_, i): ItemDiscovered => ({
      type: 'item.discovered',
      schema_version: 1,
      event_id: randomUUID(),
      run_id: null,
      org: 'bench',
      item_key: `cards/item-${i}`,
      category: 'cards',
      item_id: `item-${i}`,
      version: 'v1',
      source: root,
      images: [{ key: 'cards/item/photo.jpg', etag: 'e', size: 14 }],
      item_json: null,
      issues: [],
      discovered_at: new Date().toISOString(),
    }));
    const started = performance.now();
    await bus.publish('items', events.map((event) => ({ key: event.item_key, value: JSON.stringify(event) })));
    await allDone;
    const seconds = (performance.now() - started) / 1000;
    await subscription.close();
    const itemsPerS = items / seconds;
    const ideal = concurrency / (latencyMs / 1000);
    return { concurrency, latency_ms: latencyMs, items, items_per_s: round(itemsPerS), efficiency: round(itemsPerS / ideal, 3) };
  } finally {
    await bus.close();
    service.kill();
    await rm(root, { recursive: true, force: true });
  }
}

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
