/**
 * A bucket event notification as MinIO's Kafka target sends it (the format of MinIO's docs, with
 * the fields ingest ignores kept, so the parser is tested on the real shape). Keys are given as S3
 * puts them in events: URL-encoded.
 */
export function minioBucketEvent(eventName: string, bucket: string, encodedKeys: readonly string[]): string {
  return JSON.stringify({
    EventName: eventName,
    Key: `${bucket}/${encodedKeys[0]}`,
    Records: encodedKeys.map((key) => ({
      eventVersion: '2.0',
      eventSource: 'minio:s3',
      awsRegion: '',
      eventTime: '2026-11-22T05:00:00.000Z',
      eventName,
      userIdentity: { principalId: 'assay' },
      requestParameters: { principalId: 'assay', region: '', sourceIPAddress: '172.18.0.1' },
      responseElements: { 'x-amz-request-id': '1797D8A3F2A1B2C3', 'x-minio-origin-endpoint': 'http://minio:9000' },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'Config',
        bucket: { name: bucket, ownerIdentity: { principalId: 'assay' }, arn: `arn:aws:s3:::${bucket}` },
        object: { key, size: 1024, eTag: 'd41d8cd98f00b204e9800998ecf8427e', contentType: 'image/jpeg', userMetadata: {}, sequencer: '1797D8A3F2A1B2C3' },
      },
      source: { host: '172.18.0.1', port: '', userAgent: 'MinIO (linux; amd64) minio-go/v7.0.70' },
    })),
  });
}
