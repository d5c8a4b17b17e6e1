import { randomUUID } from 'node:crypto';
import type { Bucket } from '@assay/bucket';
import type { Bus } from '@assay/bus';
import { deadLetterSchema, itemDiscoveredSchema, type DeadLetterReason, type ItemDiscovered } from '@assay/contract';
import type { DlqReplay, DlqReplaysRepository } from '@assay/db';
import { rediscoverItem } from '@assay/ingest';

/** A dead letter as read back from its topic (see `DeadLetter` in @assay/contract). */
export interface StoredDeadLetter {
  partition: number;
  offset: string;
  /** The letter's reason; `LETTER_INVALID` when the letter itself is not one (not JSON, or not of the contract's shape). */
  reason: DeadLetterReason | 'LETTER_INVALID';
  message: string;
  item_key: string | null;
  /** The `item.discovered` event it holds; null for poison (an event that never was valid). */
  event: ItemDiscovered | null;
  /** pending: can be replayed; replayed: was, once; not_replayable: holds no valid event. */
  state: 'pending' | 'replayed' | 'not_replayable';
  replayed_at: string | null;
}

export interface DeadLetterListing {
  topic: string;
  total: number;
  by_reason: Record<string, number>;
  letters: StoredDeadLetter[];
}

/**
 * Reads the dead-letter topic from its start to its current end (outside any consumer group, so
 * the topic stays as it is) and tells each letter's state from the replay table.
 */
export async function listDeadLetters(options: { bus: Bus; topic: string; replays: DlqReplaysRepository; reason?: string }): Promise<DeadLetterListing> {
  const letters: StoredDeadLetter[] = [];
  await options.bus.read(options.topic, (batch) => {
    for (const message of batch.messages) {
      const letter = parseLetter(message.value.toString('utf8'));
      if (options.reason === undefined || letter.reason === options.reason) letters.push({ partition: batch.partition, offset: message.offset, ...letter });
    }
  });
  const replayed = new Map((await options.replays.find(eventIds(letters))).map((replay) => [replay.letterEventId, replay]));
  for (const letter of letters) {
    const replay = letter.event && replayed.get(letter.event.event_id);
    if (replay) Object.assign(letter, { state: 'replayed', replayed_at: replay.replayedAt.toISOString() });
  }
  const by_reason: Record<string, number> = {};
  for (const letter of letters) by_reason[letter.reason] = (by_reason[letter.reason] ?? 0) + 1;
  return { topic: options.topic, total: letters.length, by_reason, letters };
}

export interface ReplaySummary {
  run_id: string;
  /** Letters matching the filter. */
  letters: number;
  /** Letters replayed now (copies of one event count once each, as one replay). */
  replayed: number;
  /** Fresh `item.discovered` events published (one per item). */
  published: number;
  already_replayed: number;
  not_replayable: number;
  /** Items whose folder is gone from the bucket: nothing to replay; left pending. */
  missing: string[];
}

/**
 * Replays pending letters: for each item, a fresh `item.discovered` event of its folder as it is
 * now (new event id, as reprocessing makes them, so the earlier failure stays as history) under one
 * new run id. Each letter is claimed in the replay table in the same transaction that publishes, so
 * no letter is replayed twice, also by two replays at once. Poison letters are skipped and counted.
 */
export async function replayDeadLetters(
  listing: DeadLetterListing,
  options: { bus: Bus; topic: string; bucketFor: (source: string) => Bucket; replays: DlqReplaysRepository; runId?: string; now?: () => Date },
): Promise<ReplaySummary> {
  const runId = options.runId ?? randomUUID();
  const now = options.now ?? (() => new Date());
  const summary: ReplaySummary = { run_id: runId, letters: listing.total, replayed: 0, published: 0, already_replayed: 0, not_replayable: 0, missing: [] };
  // One replay per item, however many of its letters (several versions, or copies of one) wait.
  const byItem = new Map<string, { event: ItemDiscovered; reason: string }[]>();
  for (const letter of listing.letters) {
    if (letter.state === 'not_replayable' || !letter.event) summary.not_replayable++;
    else if (letter.state === 'replayed') summary.already_replayed++;
    else {
      const item = JSON.stringify([letter.event.org, letter.event.source, letter.event.item_key]);
      byItem.set(item, [...(byItem.get(item) ?? []), { event: letter.event, reason: letter.reason }]);
    }
  }
  const items = [...byItem.values()];
  for (let i = 0; i < items.length; i += 100) {
    const replays: DlqReplay[] = [];
    const events = new Map<string, ItemDiscovered>();
    for (const letters of items.slice(i, i + 100)) {
      const { org, source, item_key } = letters[0]!.event;
      const event = await rediscoverItem(options.bucketFor(source), item_key, { org, source, runId, now });
      if (!event) {
        summary.missing.push(item_key);
        continue;
      }
      events.set(event.event_id, event);
      for (const letter of uniqueBy(letters, (l) => l.event.event_id)) {
        replays.push({ letterEventId: letter.event.event_id, itemKey: item_key, reason: letter.reason, replayEventId: event.event_id, runId, replayedAt: now() });
      }
    }
    const claimed = await options.replays.claim(replays, async (mine) => {
      const out = [...new Set(mine.map((replay) => replay.replayEventId))].map((id) => events.get(id)!);
      await options.bus.publish(options.topic, out.map((event) => ({ key: event.item_key, value: JSON.stringify(event) })));
      summary.published += out.length;
    });
    summary.replayed += claimed.length;
    // Claimed meanwhile by another replay: counted as replayed already.
    summary.already_replayed += replays.length - claimed.length;
  }
  return summary;
}

function parseLetter(raw: string): Omit<StoredDeadLetter, 'partition' | 'offset'> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { reason: 'LETTER_INVALID', message: 'the dead letter itself is not JSON', item_key: null, event: null, state: 'not_replayable', replayed_at: null };
  }
  const letter = deadLetterSchema.safeParse(json);
  // A letter of another shape (written by an older version, say) still names its item's event: a
  // valid event in it can be replayed all the same, so nothing set aside is lost.
  const fields = (json ?? {}) as { message?: unknown; item_key?: unknown; event?: unknown };
  const event = itemDiscoveredSchema.safeParse(letter.success ? letter.data.event : fields.event);
  return {
    reason: letter.success ? letter.data.reason : 'LETTER_INVALID',
    message: letter.success ? letter.data.message : `the dead letter is not of the contract's shape: ${letter.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ').slice(0, 500)}`,
    item_key: letter.success ? letter.data.item_key : typeof fields.item_key === 'string' ? fields.item_key : null,
    event: event.success ? event.data : null,
    state: event.success ? 'pending' : 'not_replayable',
    replayed_at: null,
  };
}

function eventIds(letters: readonly StoredDeadLetter[]): string[] {
  return [...new Set(letters.flatMap((letter) => (letter.event ? [letter.event.event_id] : [])))];
}

function uniqueBy<T>(values: readonly T[], key: (value: T) => string): T[] {
  return [...new Map(values.map((value) => [key(value), value])).values()];
}
