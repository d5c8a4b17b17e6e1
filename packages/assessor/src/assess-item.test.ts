import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderBucket, type Bucket } from '@assay/bucket';
import { AssayError, type ItemDiscovered } from '@assay/contract';
import { assessItem, type AssessmentGateway } from './index.ts';

let root: string;
let bucket: Bucket;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'assay-assess-item-'));
  bucket = createFolderBucket({ root });
  await bucket.put('toys/t1/a.jpg', Buffer.from('photo-a'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const event: ItemDiscovered = {
  type: 'item.discovered',
  schema_version: 1,
  event_id: '5f2b8a4e-4a4c-4b8e-9a57-0c1f7e9d2a11',
  run_id: null,
  org: 'acme',
  item_key: 'toys/t1',
  category: 'toys',
  item_id: 't1',
  version: 'v1',
  source: 'unused',
  images: [{ key: 'toys/t1/a.jpg', etag: 'e', size: 7 }, { key: 'toys/t1/gone.jpg', etag: 'e', size: 7 }],
  item_json: null,
  issues: [],
  discovered_at: '2026-11-22T03:00:00.000Z',
};

/** A gateway whose assess fails `failures` times with `error`, then answers. */
function flakyGateway(failures: number, error: Error): AssessmentGateway & { calls: number } {
  const gateway = {
    calls: 0,
    upload: async () => 'img_ref',
    assess: async () => {
      gateway.calls++;
      if (gateway.calls <= failures) throw error;
      return { assessment_id: 'a1', issues: [] };
    },
  };
  return gateway;
}

const retry = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 };
const deps = (gateway: AssessmentGateway) => ({ bucketFor: () => bucket, gateway, retry });

describe('assessItem', () => {
  it('retries transient failures and reports the attempts', async () => {
    const gateway = flakyGateway(2, new AssayError('UNAVAILABLE', 'overloaded', { retryable: true }));
    const outcome = await assessItem(event, deps(gateway));
    expect(outcome).toMatchObject({ outcome: 'assessed', attempts: 3, assessment: { assessment_id: 'a1' } });
    expect(outcome.issues).toContainEqual(expect.objectContaining({ code: 'FILE_MISSING', file: 'gone.jpg' }));
  });

  it('fails the item when retries run out, with the reason', async () => {
    const outcome = await assessItem(event, deps(flakyGateway(99, new AssayError('UNAVAILABLE', 'still down', { retryable: true }))));
    expect(outcome).toMatchObject({ outcome: 'failed', attempts: 4, error: { code: 'UNAVAILABLE', message: 'still down' } });
  });

  it('rejects the item when the service refuses its input', async () => {
    const outcome = await assessItem(event, deps(flakyGateway(99, new AssayError('REQUEST_INVALID', 'too many images'))));
    expect(outcome).toMatchObject({ outcome: 'rejected', attempts: 1, error: { code: 'REQUEST_INVALID' } });
  });
});
