import { setTimeout as sleep } from 'node:timers/promises';
import { indexInBatch } from '../batch-message.ts';
import type { Batch, BatchContext, BusLogger, SubscribeOptions, Subscription, TopicPartition } from '../bus.ts';
import { Limiter } from './limiter.ts';
import { Notifier } from './notifier.ts';
import type { PartitionLog } from './partition-log.ts';

export interface GroupSettings {
  maxBatchSize: number;
  retryDelayMs: number;
  log: BusLogger;
  partitionsOf(topic: string): PartitionLog[];
  /** Called after the group's position in a partition moved forward. */
  committed(topic: string, partition: number): void;
}

interface Member {
  topics: ReadonlySet<string>;
  handler: SubscribeOptions['handler'];
  limiter: Limiter;
  paused: boolean;
  /** Batches being handled, with the controller that asks each to stop. */
  inFlight: Map<Promise<void>, AbortController>;
}

/** The group's view of one partition: where it is, who owns it, and the batch in flight. */
interface Slot extends TopicPartition {
  log: PartitionLog;
  committed: number;
  owner: Member | undefined;
  inFlight: AbortController | undefined;
  changed: Notifier;
}

/**
 * A consumer group of the memory bus. Each partition has one delivery loop per group, so a
 * partition never has two batches in flight, even while it moves between members: the new owner
 * starts only after the old owner's batch has settled (and committed what it finished).
 */
export class MemoryGroup {
  readonly id: string;
  #settings: GroupSettings;
  #members: Member[] = [];
  #slots = new Map<string, Slot>();
  #stopped = false;

  constructor(id: string, settings: GroupSettings) {
    this.id = id;
    this.#settings = settings;
  }

  join(options: SubscribeOptions): Subscription {
    const member: Member = {
      topics: new Set(options.topics),
      handler: options.handler,
      limiter: new Limiter(options.concurrency ?? 1),
      paused: false,
      inFlight: new Map(),
    };
    this.#members.push(member);
    for (const topic of member.topics) this.#addSlots(topic);
    this.#rebalance();
    let closing: Promise<void> | undefined;
    return {
      assignment: () => [...this.#slots.values()].filter((slot) => slot.owner === member).map(({ topic, partition }) => ({ topic, partition })),
      pause: () => {
        member.paused = true;
      },
      resume: () => {
        member.paused = false;
        this.#wake(member);
      },
      close: () => (closing ??= this.#leave(member)),
    };
  }

  /** Where the group is in a partition; undefined if it never consumed that topic. */
  position(topic: string, partition: number): number | undefined {
    return this.#slots.get(slotKey(topic, partition))?.committed;
  }

  /** Ends every delivery loop; call after all members have left. */
  stop(): void {
    this.#stopped = true;
    for (const slot of this.#slots.values()) slot.changed.notify();
  }

  async #leave(member: Member): Promise<void> {
    this.#members = this.#members.filter((other) => other !== member);
    this.#rebalance();
    for (const controller of member.inFlight.values()) controller.abort(new Error('the subscription is closing'));
    await Promise.allSettled(member.inFlight.keys());
  }

  #addSlots(topic: string): void {
    this.#settings.partitionsOf(topic).forEach((log, partition) => {
      const key = slotKey(topic, partition);
      if (this.#slots.has(key)) return;
      const slot: Slot = { topic, partition, log, committed: log.start, owner: undefined, inFlight: undefined, changed: new Notifier() };
      this.#slots.set(key, slot);
      log.onAppend(() => slot.changed.notify());
      void this.#run(slot);
    });
  }

  /** Round-robin by join order, per topic, among the members subscribed to it. */
  #rebalance(): void {
    for (const slot of this.#slots.values()) {
      const candidates = this.#members.filter((member) => member.topics.has(slot.topic));
      const owner = candidates[slot.partition % Math.max(candidates.length, 1)];
      if (owner === slot.owner) continue;
      slot.owner = owner;
      slot.inFlight?.abort(new Error('the partition is being reassigned'));
      slot.changed.notify();
    }
  }

  #wake(member: Member): void {
    for (const slot of this.#slots.values()) if (slot.owner === member) slot.changed.notify();
  }

  async #run(slot: Slot): Promise<void> {
    while (!this.#stopped) {
      const owner = slot.owner;
      if (!owner || owner.paused || slot.committed >= slot.log.end) {
        await slot.changed.wait();
        continue;
      }
      const release = await owner.limiter.acquire();
      try {
        // Waiting for the limiter may have taken long enough for any of this to change.
        if (!this.#stopped && slot.owner === owner && !owner.paused) await this.#deliver(slot, owner);
      } finally {
        release();
      }
    }
  }

  async #deliver(slot: Slot, owner: Member): Promise<void> {
    const { topic, partition } = slot;
    const messages = slot.log.read(slot.committed, this.#settings.maxBatchSize).map(({ offset, message }) => ({
      topic,
      partition,
      offset: String(offset),
      key: message.key,
      // Copies, so a handler that mutates its input cannot change what a redelivery sees.
      value: Buffer.from(message.value),
      headers: { ...message.headers },
      timestamp: message.timestamp,
    }));
    const controller = new AbortController();
    slot.inFlight = controller;
    const done = this.#handle(slot, owner, { topic, partition, messages }, controller);
    owner.inFlight.set(done, controller);
    try {
      await done;
    } finally {
      owner.inFlight.delete(done);
      slot.inFlight = undefined;
    }
  }

  async #handle(slot: Slot, owner: Member, batch: Batch, controller: AbortController): Promise<void> {
    let open = true;
    const context: BatchContext = {
      signal: controller.signal,
      heartbeat: async () => {},
      commit: async (message) => {
        indexInBatch(batch, message);
        if (!open) throw new RangeError('commit() after the handler settled: the batch is over');
        this.#commit(slot, Number(message.offset) + 1);
      },
    };
    let failure: { error: unknown } | undefined;
    try {
      await owner.handler(batch, context);
      this.#commit(slot, Number(batch.messages.at(-1)?.offset) + 1);
    } catch (error) {
      failure = { error };
    } finally {
      open = false;
    }
    if (!failure || controller.signal.aborted) return;
    this.#settings.log('error', 'a batch handler failed; the partition is delivered again after a delay', {
      group: this.id,
      topic: slot.topic,
      partition: slot.partition,
      offset: batch.messages[0]?.offset,
      error: failure.error,
    });
    // Aborted early when the partition moves or the member leaves, so close() never waits it out.
    await sleep(this.#settings.retryDelayMs, undefined, { signal: controller.signal }).catch(() => {});
  }

  #commit(slot: Slot, offset: number): void {
    if (offset <= slot.committed) return;
    slot.committed = offset;
    this.#settings.committed(slot.topic, slot.partition);
  }
}

function slotKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}
