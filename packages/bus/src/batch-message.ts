import type { Batch, ReceivedMessage } from './bus.ts';

/** The message's position in the batch; refuses a message from elsewhere, so commits can't skip work. */
export function indexInBatch(batch: Batch, message: ReceivedMessage): number {
  const index = batch.messages.findIndex((candidate) => candidate.offset === message.offset);
  if (message.topic !== batch.topic || message.partition !== batch.partition || index === -1) {
    throw new RangeError(`message ${message.topic}/${message.partition}@${message.offset} is not in this batch`);
  }
  return index;
}
