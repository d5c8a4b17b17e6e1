import { randomUUID } from 'node:crypto';
import { createMemoryBus } from '@assay/bus';
import type { ItemOutcome } from '@assay/contract';
import { createPipelineRepository, migrate, openDatabase } from '@assay/db';
import { createResultsWriter } from '@assay/results';
import pg from 'pg';

/**
 * The results writer storing `items` outcomes (each with two issues) into a fresh PostgreSQL
 * database on the server named by `adminUrl`: items per second from publish to last commit.
 */
export async function measureResultsWriter({ items, adminUrl }: { items: number; adminUrl: string }) {
  const name = `assay_bench_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), maxConnections: 8 });
  const bus = createMemoryBus({ partitions: 8, maxBatchSize: 500 });
  try {
    await migrate(database);
    let stored = 0;
    let finished: () => void = () => {};
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    const subscription = await createResultsWriter({
      bus,
      repository: createPipelineRepository(database.db),
      topic: 'outcomes',
      deadLetters: 'dead',
      group: 'results',
      onStored: (outcomes) => {
        stored += outcomes.length;
        if (stored >= items) finished();
      },
    }).start();
    const now = new Date().toISOString();
    const messages = Array.from({ length: items }, (_, i) => {
      const outcome: ItemOutcome = {
        type: 'item.outcome', schema_version: 1, event_id: randomUUID(), source_event_id: randomUUID(), run_id: 'bench', org: 'bench',
        item_key: `cards/item-${i}`, category: 'cards', item_id: `item-${i}`, version: 'v1', source: '/srv/inbox', external_id: `listing-${i}`, outcome: 'assessed',
        assessment: { assessment_id: randomUUID(), status: 'completed', assessment: { items: [{ identity: { name: 'Quasar Monk', confidence: 0.98 } }] }, issues: [] },
        issues: [
          { code: 'FILE_NOT_IMAGE', message: 'notes.txt is not an image', file: 'notes.txt' },
          { code: 'IMAGE_BLURRED', message: 'image 1: the item is out of focus', severity: 'warning', section: null, image_index: 1, item_index: null },
        ],
        error: null, attempts: 1, completed_at: now,
      };
      return { key: outcome.item_key, value: JSON.stringify(outcome) };
    });
    const started = performance.now();
    for (let i = 0; i < messages.length; i += 5000) await bus.publish('outcomes', messages.slice(i, i + 5000));
    await allDone;
    const seconds = (performance.now() - started) / 1000;
    await subscription.close();
    return { items, items_per_s: Math.round(items / seconds) };
  } finally {
    await bus.close();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
