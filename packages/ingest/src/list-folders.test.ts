import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderBucket, type Bucket } from '@assay/bucket';
import { listFolders, type FolderPage } from './list-folders.ts';

async function collect(pages: AsyncGenerator<FolderPage>): Promise<FolderPage[]> {
  const all: FolderPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const names = (pages: FolderPage[]) => pages.map((page) => page.folders.map((folder) => `${folder.itemKey}:${folder.files.map((file) => file.name).join(',')}`));

describe('listFolders', () => {
  let root: string;
  let bucket: Bucket;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'assay-ingest-list-'));
    bucket = createFolderBucket({ root });
    const keys = ['coins/a/1.jpg', 'coins/a/2.jpg', 'coins/a/sub/x.jpg', 'coins/a/3.jpg', 'coins/b/1.jpg', 'coins/loose.jpg', 'stamps/s/1.jpg', 'toys/t/1.jpg'];
    await Promise.all(keys.map((key) => bucket.put(key, key)));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('groups a folder spread over pages, past the strays nested in it', async () => {
    const pages = await collect(listFolders(bucket, { startAfter: null, pageSize: 3 }));
    expect(names(pages)).toEqual([[], ['coins/a:1.jpg,2.jpg,3.jpg'], ['coins/b:1.jpg', 'toys/t:1.jpg']]);
    expect(pages.flatMap((page) => page.strays)).toEqual([
      { key: 'coins/a/sub/x.jpg', reason: 'wrong-depth' },
      { key: 'coins/loose.jpg', reason: 'wrong-depth' },
      { key: 'stamps/s/1.jpg', reason: 'unknown-category' },
    ]);
  });

  it('resumes only before the folder still open at the end of a page', async () => {
    const pages = await collect(listFolders(bucket, { startAfter: null, pageSize: 3 }));
    // Page 1 ends inside coins/a, which began at the start; page 2 inside coins/b, which began
    // after the stray coins/a/sub/x.jpg (key order puts "3.jpg" before "sub/").
    expect(pages.map((page) => page.resumeAfter)).toEqual([null, 'coins/a/sub/x.jpg', undefined]);
    const resumed = await collect(listFolders(bucket, { startAfter: 'coins/a/sub/x.jpg' }));
    expect(names(resumed)).toEqual([['coins/b:1.jpg', 'toys/t:1.jpg']]);
  });
});
