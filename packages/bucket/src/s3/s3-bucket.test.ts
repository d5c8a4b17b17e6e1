import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isAssayError, type AssayError } from '@assay/contract';
import { freePort } from '../../../../test/support/free-port.ts';
import { createS3Bucket } from '../index.ts';
import { hideMachineCredentials, startRefusingS3 } from '../test-support/s3-failures.ts';
import { openTestBucket, s3AdminClient, s3PeerSettings, type TestBucket } from '../test-support/test-buckets.ts';

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

});

/**
 * The four failures an operator mends differently, each from the real thing: the S3 test peer, a
 * closed port, the SDK's own credential chain, and (for refusals the peer cannot make) a server on
 * 127.0.0.1 answering as S3 does.
 */
describe('S3 bucket failures', () => {
  const peer = () => s3PeerSettings();
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // The tests make each call only as they await it here: a call that rejected while another was
  // being awaited would go unhandled.
  async function failureOf(call: Promise<unknown>): Promise<AssayError> {
    const error = await call.then(
      () => expect.unreachable('the call should have failed'),
      (caught: unknown) => caught,
    );
    expect(isAssayError(error), String(error)).toBe(true);
    return error as AssayError;
  }

  it('says a bucket that does not exist is missing, for good, whatever the call', async () => {
    const bucket = createS3Bucket({ ...peer(), bucket: 'assay-test-no-such-bucket', prefix: 'inbox' });
    try {
      for (const call of [() => bucket.ready(), () => bucket.list(), () => bucket.get('a/1.jpg'), () => bucket.readStart('a/1.jpg', 16), () => bucket.put('a/1.jpg', 'x')]) {
        const error = await failureOf(call());
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, context: { reason: 'BUCKET_NOT_FOUND', bucket: 'assay-test-no-such-bucket' } });
        expect(error.message).toContain('the bucket assay-test-no-such-bucket does not exist');
        expect(error.message).toContain('S3_ENDPOINT');
      }
    } finally {
      await bucket.close();
    }
  });

  it('says the S3 peer refuses an access key it does not know (InvalidAccessKeyId)', async () => {
    const test = await openTestBucket('s3');
    // s3rver checks the access key but not the V4 signature, so a wrong secret alone would pass:
    // the refused secret (SignatureDoesNotMatch) is the refusing server's case below.
    const stranger = createS3Bucket({ ...peer(), accessKeyId: 'ASSAYTESTUNKNOWNKEY', bucket: test.where, prefix: 'inbox' });
    try {
      for (const call of [() => stranger.ready(), () => stranger.list(), () => stranger.get('a/1.jpg')]) {
        const error = await failureOf(call());
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, context: { reason: 'BUCKET_ACCESS_DENIED' } });
        expect(error.message).toMatch(/denied access to s3:\/\/assay-test-\w+\/inbox\//);
        expect(error.message).toContain('AWS_ACCESS_KEY_ID');
      }
      const checked = await failureOf(stranger.ready());
      expect(checked.message).toContain('(InvalidAccessKeyId): the server knows no such access key: check AWS_ACCESS_KEY_ID');
    } finally {
      await stranger.close();
      await test.cleanup();
    }
  });

  it.each([
    ['AccessDenied', 'Access Denied', 'check that AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are those of an account allowed to list and read the bucket'],
    ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', 'the secret does not match the access key: check AWS_SECRET_ACCESS_KEY'],
  ])('says S3 refused the bucket when it answers 403 %s', async (s3Code, s3Message, fix) => {
    const server = await startRefusingS3(403, s3Code, s3Message);
    const bucket = createS3Bucket({ endpoint: server.endpoint, forcePathStyle: true, region: 'us-east-1', accessKeyId: 'AKIDASSAYTEST', secretAccessKey: 'wrong', bucket: 'refused', prefix: 'inbox' });
    try {
      for (const [call, doing] of [[() => bucket.ready(), 'checking it'], [() => bucket.list(), 'listing it'], [() => bucket.get('a/1.jpg'), 'reading a/1.jpg'], [() => bucket.readStart('a/1.jpg', 16), 'reading a/1.jpg']] as const) {
        const error = await failureOf(call());
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, context: { reason: 'BUCKET_ACCESS_DENIED', endpoint: server.endpoint } });
        expect(error.message).toContain(`${server.endpoint} denied access to s3://refused/inbox/ when ${doing} (${s3Code}): ${fix}`);
      }
    } finally {
      await bucket.close();
      await server.close();
    }
  });

  it('leaves other S3 failures retryable and without a reason; a redirect points at S3_REGION', async () => {
    const broken = await startRefusingS3(500, 'InternalError', 'We encountered an internal error. Please try again.');
    const elsewhere = await startRefusingS3(301, 'PermanentRedirect', 'The bucket you are attempting to access must be addressed using the specified endpoint.');
    const settings = { forcePathStyle: true, region: 'us-east-1', accessKeyId: 'AKIDASSAYTEST', secretAccessKey: 'x', bucket: 'busy', prefix: 'inbox' };
    const onBroken = createS3Bucket({ ...settings, endpoint: broken.endpoint });
    const onElsewhere = createS3Bucket({ ...settings, endpoint: elsewhere.endpoint });
    try {
      const failing = await failureOf(onBroken.list());
      expect(failing).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
      expect(failing.context).not.toHaveProperty('reason');
      expect(failing.message).toBe('the bucket busy failed when listing it (InternalError, HTTP 500)');
      const redirected = await failureOf(onElsewhere.ready());
      expect(redirected.context).not.toHaveProperty('reason');
      expect(redirected.message).toBe('the bucket busy failed when checking it (PermanentRedirect, HTTP 301); if the bucket is in another region than us-east-1, set S3_REGION to it');
    } finally {
      await onBroken.close();
      await onElsewhere.close();
      await broken.close();
      await elsewhere.close();
    }
  });

  it('says there are no credentials when the AWS SDK finds none', async () => {
    hideMachineCredentials();
    const test = await openTestBucket('s3');
    const { accessKeyId: _id, secretAccessKey: _secret, ...endpoint } = peer();
    const anonymous = createS3Bucket({ ...endpoint, bucket: test.where, prefix: 'inbox' });
    try {
      for (const call of [() => anonymous.ready(), () => anonymous.list(), () => anonymous.get('a/1.jpg')]) {
        const error = await failureOf(call());
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, context: { reason: 'BUCKET_CREDENTIALS_MISSING' } });
        expect(error.message).toContain(`no S3 credentials to open s3://${test.where}/inbox/ with: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`);
      }
    } finally {
      await anonymous.close();
      await test.cleanup();
    }
  });

  it('says an endpoint that accepts a connection but never answers is unreachable, once its time is up', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const bucket = createS3Bucket({ endpoint, forcePathStyle: true, region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'x', bucket: 'silent', timeouts: { connectMs: 1000, idleMs: 500 } });
    try {
      const error = await failureOf(bucket.list());
      expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, context: { reason: 'BUCKET_UNREACHABLE' } });
    } finally {
      await bucket.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('says a closed port is unreachable, which may pass', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const bucket = createS3Bucket({ endpoint, forcePathStyle: true, region: 'us-east-1', accessKeyId: 'x', secretAccessKey: 'x', bucket: 'nowhere' });
    try {
      for (const call of [() => bucket.ready(), () => bucket.list(), () => bucket.get('a/1.jpg')]) {
        const error = await failureOf(call());
        expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, context: { reason: 'BUCKET_UNREACHABLE', endpoint } });
        expect(error.message).toContain(`the S3 endpoint ${endpoint} could not be reached for s3://nowhere/ (ECONNREFUSED): check S3_ENDPOINT`);
      }
    } finally {
      await bucket.close();
    }
  });

  it('says an endpoint whose TLS handshake fails is unreachable', async () => {
    // https:// to the plain-HTTP peer: the server answers the handshake with HTTP, not TLS.
    const endpoint = peer().endpoint.replace(/^http:/, 'https:');
    const bucket = createS3Bucket({ ...peer(), endpoint, bucket: 'assay-test-tls' });
    try {
      const error = await failureOf(bucket.ready());
      expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, context: { reason: 'BUCKET_UNREACHABLE' } });
      expect(error.message).toMatch(/could not be reached for s3:\/\/assay-test-tls\/ \((EPROTO|ERR_SSL_\w+)\)/);
    } finally {
      await bucket.close();
    }
  });
});
