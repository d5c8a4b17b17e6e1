import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { createFolderBucket, createS3Bucket, type Bucket, type S3BucketOptions } from '../index.ts';

export interface TestBucket {
  bucket: Bucket;
  /** Where the objects are: a folder, or an S3 bucket on the test peer. */
  where: string;
  cleanup(): Promise<void>;
}

/** Settings for the S3 peer the test run started (see test/global-setup.ts). */
export function s3PeerSettings(): Required<Pick<S3BucketOptions, 'endpoint' | 'region' | 'forcePathStyle' | 'accessKeyId' | 'secretAccessKey'>> {
  return { endpoint: inject('s3Endpoint'), region: 'us-east-1', forcePathStyle: true, ...inject('s3Credentials') };
}

export function s3AdminClient(): S3Client {
  const { accessKeyId, secretAccessKey, ...settings } = s3PeerSettings();
  return new S3Client({ ...settings, credentials: { accessKeyId, secretAccessKey } });
}

/**
 * A fresh, empty bucket of one kind: a temporary folder, or a uniquely named S3 bucket (with a
 * prefix, so that keys are relative to it) on the test peer. With `same`, another adapter instance
 * over the same objects, cleaned up by the first.
 */
export async function openTestBucket(kind: 'folder' | 's3', same?: TestBucket): Promise<TestBucket> {
  if (kind === 'folder') {
    const root = same?.where ?? (await mkdtemp(join(tmpdir(), 'assay-bucket-')));
    return { bucket: createFolderBucket({ root }), where: root, cleanup: async () => void (same ? undefined : await rm(root, { recursive: true, force: true })) };
  }
  const name = same?.where ?? `assay-test-${randomBytes(6).toString('hex')}`;
  const bucket = createS3Bucket({ ...s3PeerSettings(), bucket: name, prefix: 'inbox' });
  if (same) return { bucket, where: name, cleanup: async () => {} };
  const admin = s3AdminClient();
  await admin.send(new CreateBucketCommand({ Bucket: name }));
  return {
    bucket,
    where: name,
    async cleanup() {
      await emptyBucket(admin, name);
      await admin.send(new DeleteBucketCommand({ Bucket: name }));
      admin.destroy();
    },
  };
}

async function emptyBucket(admin: S3Client, name: string): Promise<void> {
  for (;;) {
    const listed = await admin.send(new ListObjectsV2Command({ Bucket: name }));
    const keys = (listed.Contents ?? []).flatMap((object) => (object.Key === undefined ? [] : [{ Key: object.Key }]));
    if (keys.length === 0) return;
    await admin.send(new DeleteObjectsCommand({ Bucket: name, Delete: { Objects: keys } }));
  }
}
