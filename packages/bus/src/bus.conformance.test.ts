import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, inject, it, type ExpectStatic } from 'vitest';
import { createKafkaBus, createMemoryBus, type BatchHandler, type Bus, type ReceivedMessage, type Subscription } from './index.ts';

// Short sessions keep Kafka tests quick: librdkafka's mock cluster waits out (session timeout - 1 s)
// before it completes a rebalance. A broker of our own (KAFKA_BROKERS) keeps its 6 s minimum.
const sessionTimeoutMs = process.env.KAFKA_BROKERS ? 6000 : 3000;

const adapters: Record<string, () => Bus> = {
  memory: () => createMemoryBus({ partitions: 4, retryDelayMs: 100 }),
  kafka: () =>
    createKafkaBus({
      brokers: inject('kafkaBrokers').split(','),
      clientId: 'assay-bus-conformance',
      partitions: 4,
      sessionTimeoutMs,
      heartbeatIntervalMs: 300,
      rebalanceTimeoutMs: 10_000,
      retryDelayMs: 100,
      log: process.env.BUS_DEBUG ? (level, message, context) => level !== 'debug' && console.log(level, message, (context?.error as Error | undefined)?.message ?? '') : undefined,
    }),
};

const unique = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(20);
  }
}

/** A handler that keeps what it was given. */
function recorder(): { seen: ReceivedMessage[]; values: () => string[]; handler: BatchHandler } {
  const seen: ReceivedMessage[] = [];
  return { seen, values: () => seen.map((message) => message.value.toString()), handler: async (batch) => void seen.push(...batch.messages) };
}

/** Waits until the members own disjoint, non-empty shares that cover `partitions`. */
async function sharesSettled(members: Subscription[], partitions: number): Promise<void> {
  await until(() => {
    const owned = members.map((member) => member.assignment().map(({ partition }) => partition));
    return owned.every((share) => share.length > 0) && new Set(owned.flat()).size === partitions && owned.flat().length === partitions;
  }, 'the group has shared out its partitions');
}

function keyed(count: number, key: (i: number) => string = (i) => `key-${i}`) {
  return Array.from({ length: count }, (_, i) => ({ key: key(i), value: `v${i}` }));
}

// One behaviour suite, run against every bus adapter. Tests run concurrently: most of their time is
// spent waiting for group rebalances, and each uses its own topic and group.
describe.concurrent.each(Object.keys(adapters))('Bus conformance: %s', (name) => {
  let bus: Bus;
  beforeAll(async () => {
    bus = adapters[name]!();
    await bus.ready();
  });
  afterAll(() => bus.close());

  it('delivers key, value, headers and position of what was published', async ({ expect }) => {
    const topic = unique('roundtrip');
    const { seen, handler } = recorder();
    const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler });
    const before = Date.now() - 1000;
    await bus.publish(topic, [
      { key: 'bytes', value: Buffer.from([0, 1, 255]), headers: { trace: 't-1' } },
      { key: 'text', value: 'héllo' },
    ]);
    await until(() => seen.length === 2, 'both messages arrived');
    const bytes = seen.find((message) => message.key === 'bytes')!;
    const text = seen.find((message) => message.key === 'text')!;
    expect(bytes.value.equals(Buffer.from([0, 1, 255]))).toBe(true);
    expect(bytes.headers).toEqual({ trace: 't-1' });
    expect(text.value.toString('utf8')).toBe('héllo');
    expect(text.headers).toEqual({});
    for (const message of seen) {
      expect(message.topic).toBe(topic);
      expect(message.offset).toMatch(/^\d+$/);
      expect(message.partition).toBeGreaterThanOrEqual(0);
      expect(message.timestamp.getTime()).toBeGreaterThan(before);
    }
    await subscription.close();
  });

  it('keeps the order of each key, across publish calls', async ({ expect }) => {
    const topic = unique('order');
    const { seen, handler } = recorder();
    const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler });
    const keys = ['red', 'green', 'blue'];
    for (let round = 0; round < 4; round++) {
      await bus.publish(topic, Array.from({ length: 15 }, (_, i) => ({ key: keys[i % 3]!, value: String(round * 5 + Math.floor(i / 3)) })));
    }
    await until(() => seen.length === 60, 'all 60 messages arrived');
    for (const key of keys) {
      const sequence = seen.filter((message) => message.key === key).map((message) => Number(message.value.toString()));
      expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => i));
    }
    await subscription.close();
  });

  it('shares the partitions among the members of a group, each message delivered once', async ({ expect }) => {
    const topic = unique('share');
    const group = unique('g');
    const [a, b] = [recorder(), recorder()];
    const members = [await bus.subscribe({ group, topics: [topic], handler: a.handler }), await bus.subscribe({ group, topics: [topic], handler: b.handler })];
    await sharesSettled(members, 4);
    await bus.publish(topic, keyed(40));
    await until(() => a.seen.length + b.seen.length >= 40, 'all 40 messages arrived');
    await sleep(300); // room for a duplicate to show up
    expect([...a.values(), ...b.values()].sort()).toEqual(keyed(40).map((message) => message.value).sort());
    expect(a.seen.length).toBeGreaterThan(0);
    expect(b.seen.length).toBeGreaterThan(0);
    members.forEach((member, i) => {
      const owned = member.assignment().map(({ partition }) => partition);
      for (const message of [a, b][i]!.seen) expect(owned).toContain(message.partition);
    });
    await Promise.all(members.map((member) => member.close()));
  });

  it('hands what a leaving member had not committed to the rest of the group', async ({ expect }) => {
    const topic = unique('handover');
    const group = unique('g');
    const stuck: string[] = [];
    const survivor = recorder();
    const leaver = await bus.subscribe({
      group,
      topics: [topic],
      // Takes a batch and never finishes it: a crash before commit, as far as the group can tell.
      handler: async (batch, { signal }) => {
        stuck.push(...batch.messages.map((message) => message.value.toString()));
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        throw signal.reason;
      },
    });
    const stayer = await bus.subscribe({ group, topics: [topic], handler: survivor.handler });
    await sharesSettled([leaver, stayer], 4);
    await bus.publish(topic, keyed(40));
    await until(() => stuck.length > 0, 'the leaving member took a batch');
    await leaver.close();
    await until(() => new Set(survivor.values()).size === 40, 'the remaining member has every message');
    expect(survivor.values()).toEqual(expect.arrayContaining(stuck));
    await stayer.close();
  });

  it('does not deliver committed messages again', async ({ expect }) => {
    const topic = unique('committed');
    const group = unique('g');
    const first: string[] = [];
    const leaver = await bus.subscribe({
      group,
      topics: [topic],
      // Commits v0..v2 one by one, then stops at v3 without committing it.
      handler: async (batch, { commit, signal }) => {
        for (const message of batch.messages) {
          first.push(message.value.toString());
          if (message.value.toString() === 'v3') {
            await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
            throw signal.reason;
          }
          await commit(message);
        }
      },
    });
    await bus.publish(topic, keyed(6, () => 'one-key'));
    await until(() => first.includes('v3'), 'the first member reached v3');
    await leaver.close();
    const next = recorder();
    const successor = await bus.subscribe({ group, topics: [topic], handler: next.handler });
    await until(() => next.values().includes('v5'), 'the successor reached v5');
    expect(next.values()).toEqual(['v3', 'v4', 'v5']);
    await successor.close();
  });

  it('delivers a batch again, from its first message, after the handler failed', async ({ expect }) => {
    const topic = unique('retry');
    const batches: string[][] = [];
    const subscription = await bus.subscribe({
      group: unique('g'),
      topics: [topic],
      handler: async (batch) => {
        batches.push(batch.messages.map((message) => message.value.toString()));
        if (batches.length === 1) throw new Error('first attempt fails');
      },
    });
    await bus.publish(topic, keyed(3, () => 'one-key'));
    await until(() => batches.slice(1).flat().length === 3, 'the messages were delivered again');
    expect(batches[0]![0]).toBe('v0');
    expect(batches.slice(1).flat()).toEqual(['v0', 'v1', 'v2']);
    await subscription.close();
  });

  it('handles at most `concurrency` partitions at once, and one batch per partition', async ({ expect }) => {
    const topic = unique('concurrency');
    const active = new Set<number>();
    let mostActive = 0;
    let overlapped = false;
    let handled = 0;
    const subscription = await bus.subscribe({
      group: unique('g'),
      topics: [topic],
      concurrency: 2,
      handler: async (batch) => {
        overlapped ||= active.has(batch.partition);
        active.add(batch.partition);
        mostActive = Math.max(mostActive, active.size);
        await sleep(50);
        active.delete(batch.partition);
        handled += batch.messages.length;
      },
    });
    for (let round = 0; round < 4; round++) await bus.publish(topic, keyed(20));
    await until(() => handled === 80, 'all 80 messages were handled');
    expect(overlapped).toBe(false);
    expect(mostActive).toBe(2);
    await subscription.close();
  });

  it('holds deliveries while paused and resumes them', async ({ expect }) => {
    const topic = unique('pause');
    const { seen, handler } = recorder();
    const subscription = await bus.subscribe({ group: unique('g'), topics: [topic], handler });
    subscription.pause();
    subscription.pause();
    await bus.publish(topic, keyed(5));
    await sleep(1000);
    expect(seen).toHaveLength(0);
    subscription.resume();
    await until(() => seen.length === 5, 'the held messages arrived');
    expect(subscription.assignment().length).toBeGreaterThan(0); // paused, the member kept its partitions
    await subscription.close();
  });

  it('closes a subscription after its batch in flight settles, and delivers nothing more', async ({ expect }) => {
    const topic = unique('close');
    const events: string[] = [];
    const subscription = await bus.subscribe({
      group: unique('g'),
      topics: [topic],
      handler: async (batch, { signal }) => {
        events.push(`start ${batch.messages.length}`);
        await sleep(300);
        events.push(signal.aborted ? 'end (asked to stop)' : 'end');
      },
    });
    await bus.publish(topic, keyed(1));
    await until(() => events.length > 0, 'the handler started');
    await subscription.close();
    expect(events).toEqual(['start 1', 'end (asked to stop)']);
    await subscription.close();
    await bus.publish(topic, keyed(3));
    await sleep(500);
    expect(events).toHaveLength(2);
    expect(subscription.assignment()).toEqual([]);
  });

  it('tells each partition\'s lag for a group, and reads a topic outside any group', async ({ expect }) => {
    const topic = unique('lag');
    const group = unique('g');
    await bus.publish(topic, keyed(6));
    const before = await bus.lag(group, [topic]);
    expect(before.reduce((sum, { lag }) => sum + lag, 0)).toBe(6);
    expect(before.every(({ topic: t }) => t === topic)).toBe(true);

    const read: ReceivedMessage[] = [];
    await bus.read(topic, async (batch) => void read.push(...batch.messages));
    expect(read.map((message) => message.value.toString()).sort()).toEqual(keyed(6).map((message) => message.value).sort());
    // Reading is nobody's consumption: the group's lag is unchanged.
    expect((await bus.lag(group, [topic])).reduce((sum, { lag }) => sum + lag, 0)).toBe(6);

    const { seen, handler } = recorder();
    const subscription = await bus.subscribe({ group, topics: [topic], handler });
    await until(() => seen.length === 6, 'the group consumed everything');
    await expect.poll(async () => (await bus.lag(group, [topic])).reduce((sum, { lag }) => sum + lag, 0), { timeout: 10_000 }).toBe(0);
    await subscription.close();
    const nothing: ReceivedMessage[] = [];
    await bus.read(unique('never-written'), (batch) => void nothing.push(...batch.messages));
    expect(nothing).toEqual([]);
  });

  it('refuses topic names Kafka would refuse, and empty subscriptions', async ({ expect }) => {
    await expect(bus.publish('no spaces', keyed(1))).rejects.toThrow(RangeError);
    await expect(bus.publish('a'.repeat(250), keyed(1))).rejects.toThrow(RangeError);
    await expect(bus.subscribe({ group: unique('g'), topics: [], handler: async () => {} })).rejects.toThrow(RangeError);
    await expect(bus.subscribe({ group: unique('g'), topics: ['ok'], handler: async () => {}, concurrency: 0 })).rejects.toThrow(RangeError);
  });

  it('refuses work once closed, and closes twice', async ({ expect }) => {
    const own = adapters[name]!();
    await own.subscribe({ group: unique('g'), topics: [unique('closed')], handler: async () => {} });
    await own.close();
    await own.close();
    await expectUnavailable(expect, own.publish(unique('closed'), keyed(1)));
    await expectUnavailable(expect, own.ready());
    await expectUnavailable(expect, own.subscribe({ group: unique('g'), topics: [unique('closed')], handler: async () => {} }));
  });
});

async function expectUnavailable(expect: ExpectStatic, promise: Promise<unknown>): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
}
