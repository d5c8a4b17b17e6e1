/**
 * The message bus port: keyed messages on named topics, consumed by groups of members that share
 * the topics' partitions. Kafka in production (`createKafkaBus`), in-process on one machine
 * (`createMemoryBus`); both pass the same conformance suite.
 *
 * Guarantees, for every adapter:
 * - Ordering: messages with the same key go to the same partition, and a partition is delivered
 *   in publish order to one member at a time. There is no order across keys or partitions.
 * - Delivery: at least once. A message is delivered again (to whichever member then owns its
 *   partition) until its offset has been committed, so a member that crashes or leaves before
 *   committing hands its uncommitted messages to the group.
 * - Idempotency: therefore handlers must be idempotent per message (key the outcome by something
 *   in the message, e.g. an id, and make writing it twice harmless).
 */
export interface Bus {
  /**
   * Appends messages to a topic, creating the topic on first use. Resolves only once every message
   * is durably acknowledged (Kafka: by all in-sync replicas, acks=-1); rejects with a retryable
   * `UNAVAILABLE` AssayError otherwise, in which case some of the messages may still have been
   * written. Retrying may therefore duplicate messages, which at-least-once consumers tolerate.
   * Messages of one call with the same key keep their order; so do successive awaited calls.
   * @throws RangeError for a topic name Kafka would refuse.
   */
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;

  /**
   * Joins `options.group` as a new member consuming `options.topics`, and resolves once the member
   * has its first share of partitions. A group that has never committed starts at the oldest
   * retained message. The bus owns the subscription: `Bus.close()` closes it too.
   * @throws RangeError for a topic name Kafka would refuse.
   */
  subscribe(options: SubscribeOptions): Promise<Subscription>;

  /** Resolves when the bus can reach its broker; rejects with a retryable `UNAVAILABLE` otherwise. */
  ready(): Promise<void>;

  /**
   * For each partition of `topics`: how many of its retained messages `group` has not committed
   * (all of them for a group that never committed). Exact for both adapters; costs Kafka two admin
   * requests, so call it when asked (a metrics scrape), not per message.
   * @throws a retryable `UNAVAILABLE` AssayError when the broker cannot tell.
   */
  lag(group: string, topics: readonly string[]): Promise<PartitionLag[]>;

  /**
   * Reads every retained message of `topic`, partition after partition in order, up to the end
   * each partition had when called, outside any consumer group: nothing is committed and no group's
   * position moves. `onBatch` is awaited before the next batch. For operators' tools (listing dead
   * letters), not for processing. A topic that does not exist reads as empty.
   * @throws a retryable `UNAVAILABLE` AssayError when the broker cannot be read; what `onBatch` throws.
   */
  read(topic: string, onBatch: (batch: Batch) => Promise<void> | void): Promise<void>;

  /**
   * Closes every subscription (see `Subscription.close`), then the bus's own connections.
   * Idempotent. Publishing or subscribing afterwards rejects with `UNAVAILABLE`.
   */
  close(): Promise<void>;
}

/** A message to publish. */
export interface BusMessage {
  /** Chooses the partition: same key, same partition, same order. */
  key: string;
  value: Buffer | string;
  headers?: Record<string, string>;
}

/** A message as delivered to a handler. */
export interface ReceivedMessage {
  topic: string;
  partition: number;
  /** Position in the partition, a decimal integer (Kafka offsets are 64-bit). */
  offset: string;
  key: string;
  value: Buffer;
  headers: Record<string, string>;
  /** When the message was appended. */
  timestamp: Date;
}

export interface TopicPartition {
  topic: string;
  partition: number;
}

export interface PartitionLag extends TopicPartition {
  /** Messages not yet committed by the group. */
  lag: number;
}

/** Consecutive messages of one partition, in order. */
export interface Batch extends TopicPartition {
  messages: readonly ReceivedMessage[];
}

/**
 * Handles one batch. Resolving means the outcome of every message in the batch is done (e.g. its
 * result is published or stored): the bus then commits the batch, and the next batch of the
 * partition follows. Rejecting means "not done": nothing beyond what was committed through
 * `context.commit` is committed, and the partition is delivered again from the first uncommitted
 * message after a delay. A handler must therefore turn a message it can never process into an
 * outcome (e.g. a dead letter) rather than reject for it forever.
 */
export type BatchHandler = (batch: Batch, context: BatchContext) => Promise<void>;

export interface BatchContext {
  /**
   * Commits the batch's messages up to and including `message` (stores offset + 1 for the group),
   * so that they are not delivered again. Call it once their outcome is done, to save a long
   * batch's progress. Never moves the group's position backwards. Rejects with `UNAVAILABLE` when
   * the offset could not be stored (the messages may then be delivered again).
   * @throws RangeError if `message` is not from this batch.
   */
  commit(message: ReceivedMessage): Promise<void>;

  /**
   * Tells the group this member is alive. Long batches must call it between messages, more often
   * than the session timeout (Kafka: `sessionTimeoutMs`), or the member is evicted and its
   * partitions are redelivered elsewhere. Never rejects; when the group has begun to move this
   * member's partitions away, `signal` is aborted instead.
   */
  heartbeat(): Promise<void>;

  /**
   * Aborted when this member should stop the batch soon: its partition is being reassigned or the
   * subscription is closing. The handler should commit what it finished and reject (any error;
   * it is not reported as a failure); the rest is redelivered to the partition's next owner.
   */
  signal: AbortSignal;
}

export interface SubscribeOptions {
  /** Consumer group id: members of one group share the partitions; each group sees everything. */
  group: string;
  topics: readonly string[];
  handler: BatchHandler;
  /**
   * How many of this member's partitions are handled at once (default 1). One partition never has
   * more than one batch in flight, whatever this says.
   */
  concurrency?: number;
}

/** One member of a consumer group. */
export interface Subscription {
  /** The partitions this member owns at the moment; they change whenever the group rebalances. */
  assignment(): TopicPartition[];

  /**
   * Stops fetching new batches (backpressure) while staying in the group, so the partitions stay
   * with this member. Batches in flight finish normally. Idempotent.
   */
  pause(): void;

  /** Undoes `pause()`. Idempotent. */
  resume(): void;

  /**
   * Leaves the group: aborts the `signal` of batches in flight, waits for their handlers to settle
   * (a handler that resolves still commits its batch), then hands the partitions to the remaining
   * members. No handler is called after it resolves. Idempotent.
   */
  close(): Promise<void>;
}

/** Where adapters report what they cannot throw: broker trouble, handler failures, rebalances. */
export type BusLogger = (level: 'error' | 'warn' | 'info' | 'debug', message: string, context?: Record<string, unknown>) => void;
