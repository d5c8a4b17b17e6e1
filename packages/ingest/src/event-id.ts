import { createHash } from 'node:crypto';

/**
 * The `event_id` of an item version's event: a UUID (version 8, RFC 9562) made from a SHA-256 of
 * (source, item_key, version), not a random one. Ingest may publish a version twice (a crash
 * between publish and record); both copies then carry the same id, so a consumer deduplicating on
 * `event_id` and one deduplicating on (item_key, version) agree.
 */
export function eventIdOf(source: string, itemKey: string, version: string): string {
  const bytes = createHash('sha256').update(JSON.stringify([source, itemKey, version])).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
