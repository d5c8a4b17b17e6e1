import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBucket, parseBucketUrl } from './index.ts';

describe('parseBucketUrl', () => {
  it('reads s3://bucket/prefix, with the S3 settings given', () => {
    expect(parseBucketUrl('s3://photos/inbox/2024/', { endpoint: 'http://minio:9000', region: 'eu-west-1' })).toEqual({
      kind: 's3',
      bucket: 'photos',
      prefix: 'inbox/2024',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseBucketUrl('s3://photos')).toMatchObject({ kind: 's3', bucket: 'photos', prefix: '', forcePathStyle: false });
  });

  it('reads folder paths and file: URLs', () => {
    expect(parseBucketUrl('./inbox')).toEqual({ kind: 'folder', root: './inbox' });
    expect(parseBucketUrl('/srv/inbox')).toEqual({ kind: 'folder', root: '/srv/inbox' });
    expect(parseBucketUrl('file:///srv/in%20box')).toEqual({ kind: 'folder', root: '/srv/in box' });
  });

  it('refuses what it cannot mean', () => {
    for (const location of ['', 's3://', 's3://Bad_Name/x', 'http://example.com/bucket', 'gs://bucket']) {
      expect(() => parseBucketUrl(location), location).toThrow(RangeError);
    }
  });

  it('feeds createBucket', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assay-parse-'));
    const bucket = createBucket(parseBucketUrl(dir));
    await bucket.put('x.txt', 'x');
    expect((await bucket.list()).objects.map((object) => object.key)).toEqual(['x.txt']);
    await bucket.close();
    await rm(dir, { recursive: true, force: true });
  });
});
