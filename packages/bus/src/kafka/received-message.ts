import type { IHeaders, KafkaMessage } from 'kafkajs';
import type { ReceivedMessage } from '../bus.ts';

export function toReceivedMessage(topic: string, partition: number, message: KafkaMessage): ReceivedMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    // Messages from producers outside Assay may lack a key or a value.
    key: message.key?.toString('utf8') ?? '',
    value: message.value ?? Buffer.alloc(0),
    headers: headersOf(message.headers),
    timestamp: new Date(Number(message.timestamp)),
  };
}

/** The offset to commit once `offset` is done: Kafka stores the next one to read. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}

function headersOf(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    // Kafka allows a header name more than once; as with HTTP, the last one wins.
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) result[name] = last.toString();
  }
  return result;
}
