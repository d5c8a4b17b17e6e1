import { describe, expect, it } from 'vitest';
import { BucketEventInvalidError, itemKeysOfBucketEvent } from './bucket-events.ts';
import { minioBucketEvent } from './test-support/bucket-event.ts';

const watched = { bucket: 'assay-inbox', prefix: 'listings' };

const minioEvent = (eventName: string, bucket: string, ...keys: string[]) => minioBucketEvent(eventName, bucket, keys);

describe('bucket event notifications', () => {
  it('names the item folders of objects created or removed under the watched location, each once', () => {
    const event = minioEvent('s3:ObjectCreated:Put', 'assay-inbox', 'listings/coins/c-1/a.jpg', 'listings/coins/c-1/item.json', 'listings/toys/t-2/b.jpg');
    expect(itemKeysOfBucketEvent(event, watched)).toEqual(['coins/c-1', 'toys/t-2']);
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectRemoved:Delete', 'assay-inbox', 'listings/cards/k/b.jpg'), watched)).toEqual(['cards/k']);
  });

  it('decodes keys as S3 encodes them: spaces as +, the rest percent-encoded', () => {
    const event = minioEvent('s3:ObjectCreated:Put', 'assay-inbox', 'listings/cards/Karte+1/r%C3%BCck+seite.jpg');
    expect(itemKeysOfBucketEvent(event, watched)).toEqual(['cards/Karte 1']);
  });

  it('ignores other buckets, other prefixes, stray keys and other kinds of event', () => {
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectCreated:Put', 'other', 'listings/coins/c/a.jpg'), watched)).toEqual([]);
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectCreated:Put', 'assay-inbox', 'listings-old/coins/c/a.jpg'), watched)).toEqual([]);
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectCreated:Put', 'assay-inbox', 'listings/stamps/s/a.jpg', 'listings/coins/a.jpg'), watched)).toEqual([]);
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectAccessed:Get', 'assay-inbox', 'listings/coins/c/a.jpg'), watched)).toEqual([]);
    expect(itemKeysOfBucketEvent(minioEvent('s3:ObjectCreated:Put', 'assay-inbox', 'listings/coins/%E0%A4%A/a.jpg'), watched)).toEqual([]);
    expect(itemKeysOfBucketEvent(JSON.stringify({ Service: 'Amazon S3', Event: 's3:TestEvent', Bucket: 'assay-inbox' }), watched)).toEqual([]);
  });

  it('watches a whole bucket when the prefix is empty, and reads AWS events (no MinIO wrapper)', () => {
    const aws = JSON.stringify({ Records: [{ eventName: 'ObjectCreated:Put', s3: { bucket: { name: 'assay-inbox' }, object: { key: 'coins/c-9/a.jpg', size: 3 } } }] });
    expect(itemKeysOfBucketEvent(aws, { bucket: 'assay-inbox', prefix: '' })).toEqual(['coins/c-9']);
  });

  it('refuses what is not an S3 event notification', () => {
    expect(() => itemKeysOfBucketEvent('not json', watched)).toThrow(BucketEventInvalidError);
    expect(() => itemKeysOfBucketEvent('{"Records":[{"eventName":5}]}', watched)).toThrow(/not an S3 event notification/);
  });
});
