export type {
  Batch,
  BatchContext,
  BatchHandler,
  Bus,
  BusLogger,
  BusMessage,
  PartitionLag,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
  TopicPartition,
} from './bus.ts';
export { createKafkaBus, type KafkaBusOptions, type KafkaSocketFactory } from './kafka/kafka-bus.ts';
export { createMemoryBus, type MemoryBusOptions } from './memory/memory-bus.ts';
