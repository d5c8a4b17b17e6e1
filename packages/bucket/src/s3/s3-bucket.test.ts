import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Bucket } from '../index.ts';
import { openTestBucket, s3AdminClient, type TestBucket } from '../test-support/test-buckets.ts';

describe('S3 bucket', () => {
  let test: TestBucket;
  beforeAll(async () => {
    test = await openTestBucket('s3');
  });
  afterAll(() => test.cleanup());

  it('lists only its prefix and valid keys, yet moves the cursor past the others', async () => {
    const admin = s3AdminClient();
    for (const key of ['inbox/a/', 'inbox/b', 'inbox-other/c', 'elsewhere/d']) {
      await admin.send(new PutObjectCommand({ Bucket: test.where, Key: key, Body: key }));
    }
    admin.destroy();
    const first = await test.bucket.list({ pageSize: 1 });
    expect(first).toEqual({ objects: [], nextStartAfter: 'a/' }); // the folder marker "a/" is no object
    const second = await test.bucket.list({ pageSize: 1, startAfter: first.nextStartAfter });
    expect(second.objects.map((object) => object.key)).toEqual(['b']);
    expect((await test.bucket.list({ startAfter: 'b' })).objects).toEqual([]);
  });

  it('reports an unreachable server or a missing bucket from ready() as UNAVAILABLE', async () => {
    const nowhere = createS3Bucket({ bucket: 'nowhere', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, accessKeyId: 'x', secretAccessKey: 'x' });
    await expect(nowhere.ready()).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    await nowhere.close();
    const other = await openTestBucket('s3', { ...test, where: 'assay-test-no-such-bucket' });
    await expect(other.bucket.ready()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await other.bucket.close();
  });
});
