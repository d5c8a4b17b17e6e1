import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { describe, expect, it } from 'vitest';
import { createFolderImageStore, createS3ImageStore } from '../index.ts';
import { describeImageStore } from './store-conformance.ts';

describeImageStore('folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'assay-images-'));
  return { store: createFolderImageStore({ dir: join(dir, 'store') }), cleanup: () => rm(dir, { recursive: true, force: true }) };
});

/** S3 at S3_ENDPOINT when set (with its usual AWS_* credentials); else a private s3rver on loopback. */
async function s3Server(): Promise<{ endpoint: string; accessKeyId: string; secretAccessKey: string; stop(): Promise<void> }> {
  const external = process.env.S3_ENDPOINT;
  if (external !== undefined && external !== '') {
    return {
      endpoint: external,
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'S3RVER',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'S3RVER',
      stop: async () => {},
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'assay-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describeImageStore('s3', async () => {
  const server = await s3Server();
  const bucket = `assay-images-test-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const settings = { endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey };
  const admin = new S3Client({ ...settings, credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey } });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    store: createS3ImageStore({ ...settings, bucket, prefix: 'images' }),
    async cleanup() {
      const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
      const keys = (listed.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [{ Key: object.Key }]));
      if (keys.length > 0) await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
      await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
      admin.destroy();
      await server.stop();
    },
  };
});

describe('image store adapters', () => {
  it('shard folder images as ab/cd/<sha256>', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'assay-images-'));
    try {
      const store = createFolderImageStore({ dir });
      const sha256 = 'ab'.padEnd(64, 'c');
      await store.put(sha256, Buffer.from('x'), 'image/png');
      expect(await readdir(join(dir, 'ab', 'cc'))).toEqual([sha256]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('report an unreachable bucket from ready() as UNAVAILABLE', async () => {
    const store = createS3ImageStore({
      bucket: 'nowhere',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      accessKeyId: 'x',
      secretAccessKey: 'x',
    });
    await expect(store.ready()).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true, context: { reason: 'BUCKET_UNREACHABLE' } });
    await store.close();
  });

  it('say a missing S3 bucket is missing, for good, naming the setting it came from', async () => {
    const server = await s3Server();
    const store = createS3ImageStore({
      bucket: 'assay-images-missing',
      prefix: 'images',
      setting: 'ASSAY_IMAGE_STORE',
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: server.accessKeyId,
      secretAccessKey: server.secretAccessKey,
    });
    try {
      for (const call of [() => store.ready(), () => store.put('ab'.padEnd(64, 'c'), Buffer.from('x'), 'image/png'), () => store.get('ab'.padEnd(64, 'c'))]) {
        const error = await call().then(
          () => expect.unreachable('a missing bucket should fail'),
          (caught: unknown) => caught as Error,
        );
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, context: { reason: 'BUCKET_NOT_FOUND' } });
        expect(error.message).toContain('check the bucket name in ASSAY_IMAGE_STORE=s3://assay-images-missing/images/');
      }
    } finally {
      await store.close();
      await server.stop();
    }
  });
});
