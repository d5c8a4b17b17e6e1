import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareKeys } from './object-key.ts';
import type { Bucket, BucketObject, ListOptions } from './index.ts';
import { openTestBucket, type TestBucket } from './test-support/test-buckets.ts';

const md5 = (bytes: Buffer | string) => createHash('md5').update(bytes).digest('hex');

async function listAll(bucket: Bucket, options: ListOptions = {}): Promise<{ objects: BucketObject[]; pages: number }> {
  const objects: BucketObject[] = [];
  let startAfter = options.startAfter;
  let pages = 0;
  do {
    const page = await bucket.list({ ...options, startAfter });
    objects.push(...page.objects);
    pages++;
    startAfter = page.nextStartAfter;
  } while (startAfter !== undefined);
  return { objects, pages };
}

// One behaviour suite, run against every bucket adapter. Each test writes under its own folder.
describe.each(['folder', 's3'] as const)('Bucket conformance: %s', (kind) => {
  let test: TestBucket;
  let bucket: Bucket;
  const folder = () => `t-${randomUUID().slice(0, 8)}/`;

  beforeAll(async () => {
    test = await openTestBucket(kind);
    bucket = test.bucket;
    await bucket.ready();
  });
  afterAll(async () => {
    await bucket.close();
    await bucket.close();
    await test.cleanup();
  });

  it('gives back what was put, with its size, MD5 ETag and modification time', async () => {
    const key = `${folder()}photo.jpg`;
    const bytes = randomBytes(3000);
    const before = Date.now() - 5000;
    await bucket.put(key, bytes, { contentType: 'image/jpeg' });
    const got = await bucket.get(key);
    expect(got?.bytes.equals(bytes)).toBe(true);
    expect(got).toMatchObject({ key, size: 3000, etag: md5(bytes) });
    expect(got!.lastModified.getTime()).toBeGreaterThan(before);
    const { objects } = await bucket.list({ prefix: key });
    expect(objects).toEqual([{ key, size: 3000, etag: md5(bytes), lastModified: expect.any(Date) }]);
  });

  it('answers null for an object that is not there', async () => {
    expect(await bucket.get(`${folder()}missing.jpg`)).toBeNull();
    expect(await bucket.readStart(`${folder()}missing.jpg`, 16)).toBeNull();
  });

  it('reads just the start of an object, described whole', async () => {
    const base = folder();
    const bytes = randomBytes(70_000);
    await bucket.put(`${base}large.jpg`, bytes);
    const start = await bucket.readStart(`${base}large.jpg`, 16);
    expect(start?.bytes.equals(bytes.subarray(0, 16))).toBe(true);
    expect(start).toMatchObject({ size: 70_000, etag: md5(bytes) });
    // Shorter than asked for, and empty.
    await bucket.put(`${base}short.txt`, 'abc');
    expect((await bucket.readStart(`${base}short.txt`, 16))?.bytes.toString()).toBe('abc');
    await bucket.put(`${base}empty.jpg`, Buffer.alloc(0));
    expect(await bucket.readStart(`${base}empty.jpg`, 16)).toMatchObject({ size: 0, etag: md5(''), bytes: Buffer.alloc(0) });
    await expect(bucket.readStart(`${base}large.jpg`, 0)).rejects.toThrow(RangeError);
  });

  it('lists in key order, page by page, each object once', async () => {
    const base = folder();
    const keys = Array.from({ length: 23 }, (_, i) => `${base}${i % 2 ? 'b' : 'a'}/${String(i).padStart(3, '0')}.jpg`);
    await Promise.all(keys.map((key) => bucket.put(key, key)));
    const { objects, pages } = await listAll(bucket, { prefix: base, pageSize: 5 });
    expect(objects.map((object) => object.key)).toEqual([...keys].sort(compareKeys));
    expect(pages).toBe(5);
    const first = await bucket.list({ prefix: base, pageSize: 5 });
    expect(first.objects).toHaveLength(5);
    expect(first.nextStartAfter).toBe(first.objects.at(-1)?.key);
    expect((await bucket.list({ prefix: base })).nextStartAfter).toBeUndefined();
  });

  it('resumes from a stored startAfter cursor, also in another instance, and sees keys added after it', async () => {
    const base = folder();
    await Promise.all(['1', '2', '3'].map((name) => bucket.put(`${base}${name}`, name)));
    const first = await bucket.list({ prefix: base, pageSize: 2 });
    const cursor = first.nextStartAfter!;
    await bucket.put(`${base}0`, 'before the cursor');
    await bucket.put(`${base}4`, 'after the cursor');
    const other = await openTestBucket(kind, test);
    const rest = await listAll(other.bucket, { prefix: base, startAfter: cursor });
    expect(rest.objects.map((object) => object.key)).toEqual([`${base}3`, `${base}4`]);
    await other.bucket.close();
  });

  it('filters by a prefix that need not end at a "/"', async () => {
    const base = folder();
    await Promise.all(['a/1', 'a/2', 'ab', 'b/1'].map((name) => bucket.put(`${base}${name}`, name)));
    const keysUnder = async (prefix: string) => (await listAll(bucket, { prefix: base + prefix })).objects.map((object) => object.key.slice(base.length));
    expect(await keysUnder('a/')).toEqual(['a/1', 'a/2']);
    expect(await keysUnder('a')).toEqual(['a/1', 'a/2', 'ab']);
    expect(await keysUnder('c')).toEqual([]);
  });

  it('changes the ETag with the content, and only then', async () => {
    const key = `${folder()}changing.png`;
    await bucket.put(key, 'first');
    const first = (await bucket.list({ prefix: key })).objects[0]!;
    await bucket.put(key, 'second');
    const second = (await bucket.list({ prefix: key })).objects[0]!;
    await bucket.put(key, 'first');
    const third = (await bucket.list({ prefix: key })).objects[0]!;
    expect(first.etag).toBe(md5('first'));
    expect(second.etag).toBe(md5('second'));
    expect(third.etag).toBe(first.etag);
    expect((await bucket.get(key))?.etag).toBe(md5('first'));
  });

  it('refuses an object over maxBytes, and takes one of exactly maxBytes', async () => {
    const key = `${folder()}big.tiff`;
    const bytes = randomBytes(2000);
    await bucket.put(key, bytes);
    await expect(bucket.get(key, { maxBytes: 1999 })).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE', retryable: false, context: { key, maxBytes: 1999 } });
    expect((await bucket.get(key, { maxBytes: 2000 }))?.bytes.equals(bytes)).toBe(true);
    await expect(bucket.get(key, { maxBytes: -1 })).rejects.toThrow(RangeError);
  });

  it('keeps keys with spaces and non-ASCII characters as they are', async () => {
    const base = folder();
    const names = ['with space/naïve café.jpg', '日本/写真 1.png', 'emoji 📷.heic', 'Ünïcödé/ß'];
    await Promise.all(names.map((name) => bucket.put(base + name, name)));
    const listed = (await listAll(bucket, { prefix: base })).objects.map((object) => object.key);
    expect(listed).toEqual(names.map((name) => base + name).sort(compareKeys));
    for (const name of names) expect((await bucket.get(base + name))?.bytes.toString()).toBe(name);
  });

  it('refuses keys that climb out or collapse: "..", ".", empty segments, absolute, backslash', async () => {
    for (const key of ['..', '../outside', 'a/../b', 'a/./b', './a', '/absolute', 'a//b', 'a/', '', 'a\\b', 'nul\u0000']) {
      await expect(bucket.get(key), key).rejects.toThrow(RangeError);
      await expect(bucket.put(key, 'x'), key).rejects.toThrow(RangeError);
      await expect(bucket.readStart(key, 16), key).rejects.toThrow(RangeError);
    }
    await expect(bucket.list({ pageSize: 1001 })).rejects.toThrow(RangeError);
  });
});
