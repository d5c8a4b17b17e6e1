import { mkdir, mkdtemp, rm, symlink, writeFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderBucket } from '../index.ts';
import type { Bucket } from '../bucket.ts';

describe('folder bucket', () => {
  let dir: string;
  let root: string;
  let outside: string;
  let bucket: Bucket;
  const keys = async () => (await bucket.list()).objects.map((object) => object.key);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assay-folder-bucket-'));
    root = join(dir, 'root');
    outside = join(dir, 'outside');
    await mkdir(root);
    await mkdir(outside);
    await writeFile(join(outside, 'secret.txt'), 'secret');
    bucket = createFolderBucket({ root });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('neither lists nor reads a link to a file outside the root', async () => {
    await symlink(join(outside, 'secret.txt'), join(root, 'link.txt'));
    expect(await keys()).toEqual([]);
    expect(await bucket.get('link.txt')).toBeNull();
  });

  it('neither lists, reads nor writes through a linked folder', async () => {
    await symlink(outside, join(root, 'escape'));
    expect(await keys()).toEqual([]);
    expect(await bucket.get('escape/secret.txt')).toBeNull();
    await expect(bucket.put('escape/new.txt', 'x')).rejects.toThrow(RangeError);
    await expect(bucket.put('escape/deeper/new.txt', 'x')).rejects.toThrow(RangeError);
    expect(await readdir(outside)).toEqual(['secret.txt']);
  });

  it('treats a link inside the root as no object either, so listing and reading agree', async () => {
    await bucket.put('real.txt', 'real');
    await symlink(join(root, 'real.txt'), join(root, 'alias.txt'));
    expect(await keys()).toEqual(['real.txt']);
    expect(await bucket.get('alias.txt')).toBeNull();
  });

  it('works through a root that is itself a link', async () => {
    await symlink(root, join(dir, 'root-link'));
    const linked = createFolderBucket({ root: join(dir, 'root-link') });
    await linked.put('a/b.txt', 'b');
    expect((await linked.get('a/b.txt'))?.bytes.toString()).toBe('b');
    expect((await linked.list()).objects.map((object) => object.key)).toEqual(['a/b.txt']);
  });

  it('lists in the order of UTF-8 bytes across folders, as S3 does', async () => {
    const names = ['a0', 'a/x', 'a-b', '😀', '～', 'é'];
    for (const name of names) await bucket.put(name, name);
    // JavaScript's own sort would put 😀 (a surrogate pair) before ～ (U+FF5E).
    expect(await keys()).toEqual(['a-b', 'a/x', 'a0', 'é', '～', '😀']);
  });

  it('notices a file rewritten in place, size unchanged', async () => {
    await bucket.put('same-size.txt', 'aaaa');
    const before = (await bucket.list()).objects[0]!.etag;
    await new Promise((resolve) => setTimeout(resolve, 10));
    await writeFile(join(root, 'same-size.txt'), 'bbbb');
    expect((await bucket.list()).objects[0]!.etag).not.toBe(before);
  });

  it('does not list its own half-written files', async () => {
    await writeFile(join(root, '.assay-put-0123456789ab'), 'partial');
    expect(await keys()).toEqual([]);
  });

  it('refuses, for good, an object where a folder of objects is and the reverse', async () => {
    await bucket.put('a/b', 'b');
    await expect(bucket.put('a', 'a')).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    await expect(bucket.put('a/b/c', 'c')).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(await keys()).toEqual(['a/b']);
  });

  it('reports a missing root from ready() as UNAVAILABLE', async () => {
    await expect(createFolderBucket({ root: join(dir, 'nowhere') }).ready()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(createFolderBucket({ root: join(outside, 'secret.txt') }).ready()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await expect(bucket.ready()).resolves.toBeUndefined();
  });
});
