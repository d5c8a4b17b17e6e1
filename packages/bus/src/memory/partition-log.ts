export interface StoredMessage {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
  timestamp: Date;
}

// Dropping the head of an array copies the rest, so the head goes once it is at least as long as
// the rest (the copy then costs no more than the messages dropped) or a chunk long.
const trimChunk = 1024;

/** The messages of one partition, addressed by offset; the head can be dropped once every group is past it. */
export class PartitionLog {
  #start = 0;
  #messages: StoredMessage[] = [];
  #listeners = new Set<() => void>();

  /** Offset of the oldest retained message. */
  get start(): number {
    return this.#start;
  }

  /** Offset the next appended message gets. */
  get end(): number {
    return this.#start + this.#messages.length;
  }

  append(message: StoredMessage): void {
    this.#messages.push(message);
    for (const listener of this.#listeners) listener();
  }

  /** Up to `max` messages from `offset` on (from the oldest retained one if `offset` was dropped). */
  read(offset: number, max: number): { offset: number; message: StoredMessage }[] {
    const from = Math.max(offset, this.#start);
    return this.#messages.slice(from - this.#start, from - this.#start + max).map((message, i) => ({ offset: from + i, message }));
  }

  /** Forgets messages before `offset`. */
  dropBefore(offset: number): void {
    const count = Math.min(offset, this.end) - this.#start;
    if (count < trimChunk && count * 2 < this.#messages.length) return;
    this.#messages.splice(0, count);
    this.#start += count;
  }

  /** Calls `listener` on every append; returns the function that stops it. */
  onAppend(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
