import type { SubscribeOptions } from './bus.ts';

// Kafka's own rule; the memory bus applies it too, so that code tested in-process runs on Kafka.
const legalTopic = /^[a-zA-Z0-9._-]{1,249}$/;

export function assertTopicName(topic: string): void {
  if (!legalTopic.test(topic) || topic === '.' || topic === '..') {
    throw new RangeError(`invalid topic name ${JSON.stringify(topic)}: use 1-249 of a-z A-Z 0-9 . _ -`);
  }
}

export function assertSubscribeOptions(options: SubscribeOptions): void {
  if (options.group === '') throw new RangeError('subscribe() needs a group id');
  if (options.topics.length === 0) throw new RangeError('subscribe() needs at least one topic');
  options.topics.forEach(assertTopicName);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer, not ${concurrency}`);
}
