import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderBucket, type Bucket } from '@assay/bucket';
import { limits } from '@assay/contract';
import { inspectItem } from './inspect-item.ts';
import type { ItemFile, ItemFolder } from './item-folder.ts';
import { jpeg, unique } from './test-support/ingest-peers.ts';

describe('inspectItem', () => {
  let root: string;
  let bucket: Bucket;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'assay-ingest-inspect-'));
    bucket = createFolderBucket({ root });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** Puts the files into a fresh item folder and lists it back, as a scan would see it. */
  async function folderOf(files: Record<string, Buffer | string>): Promise<ItemFolder> {
    const itemId = unique('i');
    await Promise.all(Object.entries(files).map(([name, bytes]) => bucket.put(`coins/${itemId}/${name}`, bytes)));
    const { objects } = await bucket.list({ prefix: `coins/${itemId}/` });
    const listed = objects.map((object): ItemFile => ({ ...object, name: object.key.split('/').at(-1)! }));
    return { category: 'coins', itemId, itemKey: `coins/${itemId}`, files: listed };
  }

  it('reports item.json that is not JSON, does not match the schema, or is too large', async () => {
    for (const content of ['', '{', '{"include": []}', '{"extra": 1}', JSON.stringify({ external_id: 'x'.repeat(70_000) })]) {
      const inspection = await inspectItem(bucket, await folderOf({ 'a.jpg': jpeg(), 'item.json': content }));
      expect(inspection).toMatchObject({ kind: 'inspected', itemJson: null, issues: [{ code: 'ITEM_JSON_INVALID', file: 'item.json' }] });
    }
  });

  it('refuses a file over the image limit from its listed size, without reading it', async () => {
    const folder = await folderOf({ 'a.jpg': jpeg() });
    const huge = { ...folder.files[0]!, name: 'huge.jpg', key: 'coins/nowhere/huge.jpg', size: limits.imageBytes + 1 };
    const inspection = await inspectItem(bucket, { ...folder, files: [...folder.files, huge] });
    expect(inspection).toMatchObject({ kind: 'inspected', issues: [{ code: 'FILE_TOO_LARGE', file: 'huge.jpg' }] });
  });

  it('gives up on a folder whose files changed or vanished since the listing', async () => {
    const folder = await folderOf({ 'a.jpg': jpeg(), 'b.jpg': jpeg() });
    await bucket.put(folder.files[1]!.key, jpeg());
    expect(await inspectItem(bucket, folder)).toEqual({ kind: 'changed', file: 'b.jpg' });
    const gone = { ...folder.files[0]!, name: 'gone.jpg', key: `${folder.itemKey}/gone.jpg` };
    expect(await inspectItem(bucket, { ...folder, files: [gone] })).toEqual({ kind: 'changed', file: 'gone.jpg' });
  });
});
