import { parseArgs } from 'node:util';
import type { Bucket } from '@assay/bucket';
import { loadConfig } from '@assay/config';
import { createDlqReplaysRepository, migrate, openDatabase } from '@assay/db';
import { createLogger } from '@assay/logger';
import { listDeadLetters, replayDeadLetters, type DeadLetterListing, type ReplaySummary } from '@assay/pipeline';
import { openBucket, openKafkaBus } from '@assay/runtime';
import { UsageError, type CommandIo } from '../io.ts';

const withoutKafka =
  'dlq needs KAFKA_BROKERS: dead letters are kept on the Kafka topic ASSAY_TOPIC_DEAD_LETTERS. ' +
  'Without Kafka (`assay run`) they lived only in that run\'s process; its failed items are in ' +
  '`assay results --run ID` and are assessed again with `assay reprocess --run ID`';

/**
 * `assay dlq list|replay [--reason CODE] [--json]`: the dead-letter topic, read from its start, and
 * replaying what waits there once the cause is mended (each letter once, recorded in PostgreSQL).
 */
export async function dlqCommand(args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { reason: { type: 'string' }, json: { type: 'boolean', default: false } } });
  const [action, ...extra] = positionals;
  if (extra.length > 0 || (action !== 'list' && action !== 'replay')) throw new UsageError('dlq takes list or replay');
  const config = loadConfig();
  if (!config.pipeline.kafkaBrokers?.length) throw new UsageError(withoutKafka);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  const bus = openKafkaBus(config, 'dlq', createLogger({ level: config.logLevel, name: 'dlq' }));
  const buckets = new Map<string, Bucket>();
  try {
    await migrate(database);
    const replays = createDlqReplaysRepository(database.db);
    const topic = config.pipeline.topics.deadLetters;
    const listing = await listDeadLetters({ bus, topic, replays, ...(values.reason ? { reason: values.reason } : {}) });
    if (action === 'list') {
      io.out.write(values.json ? `${JSON.stringify(listing)}\n` : listingText(listing));
      return 0;
    }
    const bucketFor = (source: string) => {
      let bucket = buckets.get(source);
      if (!bucket) buckets.set(source, (bucket = openBucket(source, config)));
      return bucket;
    };
    const summary = await replayDeadLetters(listing, { bus, topic: config.pipeline.topics.items, bucketFor, replays });
    io.out.write(values.json ? `${JSON.stringify(summary)}\n` : replayText(summary));
    return 0;
  } finally {
    await bus.close();
    for (const bucket of buckets.values()) await bucket.close();
    await database.close();
  }
}

function listingText(listing: DeadLetterListing): string {
  const reasons = Object.entries(listing.by_reason).map(([reason, count]) => `${reason} ${count}`);
  const lines = [`${listing.total} dead letters on ${listing.topic}${reasons.length ? `: ${reasons.join(', ')}` : ''}`];
  for (const letter of listing.letters) {
    const state = letter.state === 'replayed' ? `replayed ${letter.replayed_at}` : letter.state.replace('_', ' ');
    lines.push([`${letter.partition}/${letter.offset}`, letter.reason, letter.item_key ?? '-', state, letter.message.replace(/\s+/g, ' ').slice(0, 200)].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function replayText(summary: ReplaySummary): string {
  const parts = [`replayed ${summary.replayed} dead letters as ${summary.published} items under run ${summary.run_id}`];
  if (summary.already_replayed) parts.push(`${summary.already_replayed} replayed before`);
  if (summary.not_replayable) parts.push(`${summary.not_replayable} not replayable (no valid item.discovered event in them; see dlq list)`);
  if (summary.missing.length) parts.push(`${summary.missing.length} no longer in the bucket: ${summary.missing.slice(0, 5).join(', ')}`);
  return `${parts.join('; ')}\n`;
}
