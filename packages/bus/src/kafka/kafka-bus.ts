import type { ISocketFactory } from 'kafkajs';
import { trackSubscription } from '../tracked-subscription.ts';
import type { Bus, BusLogger, Subscription } from '../bus.ts';
import { busClosed } from '../closed-error.ts';
import { assertSubscribeOptions, assertTopicName } from '../validate.ts';
import { unavailable } from './kafka-errors.ts';
import { kafkajs } from './kafkajs.ts';
import { kafkaLogCreator } from './kafka-logger.ts';
import { kafkaLag, kafkaRead } from './kafka-read.ts';
import { createKafkaSubscription, type GroupTimings } from './kafka-subscription.ts';

export interface KafkaBusOptions {
  /** host:port of one or more brokers; the rest of the cluster is discovered from them. */
  brokers: readonly string[];
  /** Names this process in broker logs and quotas, e.g. "assay-assessor". */
  clientId: string;
  /** Receives kafkajs's log lines and the bus's own reports; without it the bus is silent. */
  log?: BusLogger;
  /**
   * Partitions of the topics this bus creates (default 12). The most members of one group that get
   * work. Brokers that refuse CreateTopics auto-create topics with their own default instead.
   */
  partitions?: number;
  /** Replicas of the topics this bus creates (default: the broker's). */
  replicationFactor?: number;
  /**
   * How long a member may go without a heartbeat before the group gives its partitions to others
   * (default 30 s). Brokers accept 6-300 s unless configured otherwise.
   */
  sessionTimeoutMs?: number;
  /** Default: a tenth of the session timeout. */
  heartbeatIntervalMs?: number;
  /** How long members get to finish their batches and rejoin during a rebalance (default 60 s). */
  rebalanceTimeoutMs?: number;
  /** Pause before a partition whose handler failed is delivered again (default 1000 ms). */
  retryDelayMs?: number;
  /** How often a failed broker request is retried before the bus reports UNAVAILABLE (default 5). */
  retries?: number;
  /** Opens the connections to the brokers (default: plain TCP), e.g. through a proxy. */
  socketFactory?: KafkaSocketFactory;
}

export type KafkaSocketFactory = ISocketFactory;

/** The bus on Apache Kafka (or any broker speaking its protocol), through kafkajs. */
export function createKafkaBus(options: KafkaBusOptions): Bus {
  const log: BusLogger = options.log ?? (() => {});
  const sessionTimeoutMs = options.sessionTimeoutMs ?? 30_000;
  const timings: GroupTimings = {
    sessionTimeoutMs,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? Math.round(sessionTimeoutMs / 10),
    rebalanceTimeoutMs: options.rebalanceTimeoutMs ?? 60_000,
    retryDelayMs: options.retryDelayMs ?? 1000,
  };
  const { Kafka, logLevel, Partitioners } = kafkajs();
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: options.log ? logLevel.INFO : logLevel.NOTHING,
    logCreator: kafkaLogCreator(log),
    // kafkajs's default of 1 s is short for a broker across a network, more so with TLS.
    connectionTimeout: 3000,
    retry: { retries: options.retries ?? 5 },
    ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
  });
  // One request in flight per broker keeps a retried request from overtaking the next one, which
  // would break the order of a key's messages.
  const producer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner, maxInFlightRequests: 1, allowAutoTopicCreation: true });
  const admin = kafka.admin();
  const subscriptions = new Set<Subscription>();
  const topicsEnsured = new Map<string, Promise<void>>();
  let closing: Promise<void> | undefined;
  const connectProducer = connectOnce(() => producer.connect());
  const connectAdmin = connectOnce(() => admin.connect());

  /** Creates the topic with the configured partitions, once; brokers that refuse leave it to auto-creation. */
  function ensureTopic(topic: string): Promise<void> {
    let ensured = topicsEnsured.get(topic);
    if (!ensured) {
      ensured = (async () => {
        try {
          await connectAdmin();
        } catch {
          topicsEnsured.delete(topic); // unreachable: try again next time; the caller reports the outage
          return;
        }
        try {
          await admin.createTopics({ topics: [{ topic, numPartitions: options.partitions ?? 12, replicationFactor: options.replicationFactor ?? -1 }], waitForLeaders: true });
        } catch (error) {
          // librdkafka's mock cluster, for one, has no CreateTopics.
          log('debug', 'the broker did not create the topic; it is auto-created on first use', { topic, error });
        }
      })();
      topicsEnsured.set(topic, ensured);
    }
    return ensured;
  }

  return {
    async publish(topic, messages) {
      assertTopicName(topic);
      if (closing) throw busClosed();
      if (messages.length === 0) return;
      await ensureTopic(topic);
      try {
        await connectProducer();
        await producer.send({
          topic,
          acks: -1,
          messages: messages.map((message) => ({ key: message.key, value: message.value, headers: message.headers })),
        });
      } catch (error) {
        throw unavailable(`publish to ${topic}`, error, { topic });
      }
    },

    async subscribe(subscribeOptions) {
      assertSubscribeOptions(subscribeOptions);
      if (closing) throw busClosed();
      await Promise.all(subscribeOptions.topics.map(ensureTopic));
      const joined = await createKafkaSubscription(kafka, subscribeOptions, timings, log);
      if (closing) {
        await joined.close();
        throw busClosed();
      }
      return trackSubscription(joined, subscriptions);
    },

    async ready() {
      if (closing) throw busClosed();
      try {
        await connectProducer();
        // A round trip each time: once connected, kafkajs stays "connected" while the brokers are gone.
        await connectAdmin();
        await admin.describeCluster();
      } catch (error) {
        throw unavailable(`reach the brokers ${options.brokers.join(',')}`, error, { brokers: options.brokers });
      }
    },

    async lag(group, topics) {
      if (closing) throw busClosed();
      await connectAdmin().catch((error: unknown) => {
        throw unavailable(`reach the brokers ${options.brokers.join(',')}`, error, { brokers: options.brokers });
      });
      return kafkaLag(admin, group, topics);
    },

    async read(topic, onBatch) {
      assertTopicName(topic);
      if (closing) throw busClosed();
      await connectAdmin().catch((error: unknown) => {
        throw unavailable(`reach the brokers ${options.brokers.join(',')}`, error, { brokers: options.brokers });
      });
      await kafkaRead(kafka, admin, topic, onBatch);
    },

    close: () =>
      (closing ??= (async () => {
        await Promise.all([...subscriptions].map((subscription) => subscription.close()));
        await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
      })()),
  };
}

/**
 * Connects on first use and shares that attempt; kafkajs reconnects by itself afterwards. A failed
 * attempt is forgotten, so that the next call tries again.
 */
function connectOnce(connect: () => Promise<void>): () => Promise<void> {
  let attempt: Promise<void> | undefined;
  return () =>
    (attempt ??= connect().catch((error: unknown) => {
      attempt = undefined;
      throw error;
    }));
}
