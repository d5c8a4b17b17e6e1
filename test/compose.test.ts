import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envVariables } from '@assay/config';

// This machine cannot run Docker, so the compose file is checked for what can be checked without it.
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8'), { merge: true }) as {
    services: Record<string, { command?: string; environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
  };

  it('runs PostgreSQL, Kafka, MinIO, the API and the three pipeline services', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'kafka', 'minio', 'api', 'ingest', 'assessor', 'results']));
    for (const service of ['api', 'ingest', 'assessor', 'results']) {
      expect(compose.services[service]!.command).toContain(`pnpm assay serve ${service}`);
    }
  });

  it('configures the services only with variables Assay reads', () => {
    const known = new Set(Object.keys(envVariables));
    for (const service of ['api', 'ingest', 'assessor', 'results']) {
      for (const name of Object.keys(compose.services[service]!.environment ?? {})) expect(known.has(name), `${service}: ${name}`).toBe(true);
    }
    expect(compose.services.ingest!.environment!.ASSAY_INGEST_SOURCE).toMatch(/^s3:\/\//);
  });

  it("sends the inbox bucket's events to the topic ingest follows", () => {
    const minio = compose.services.minio!.environment!;
    expect(minio.MINIO_NOTIFY_KAFKA_ENABLE_PRIMARY).toBe('on');
    expect(compose.services.ingest!.environment!.ASSAY_INGEST_EVENTS_TOPIC).toBe(minio.MINIO_NOTIFY_KAFKA_TOPIC_PRIMARY);
    const setup = JSON.stringify(compose.services['minio-setup']);
    expect(setup).toContain('mc event add local/assay-inbox arn:minio:sqs::PRIMARY:kafka --prefix listings/');
    expect(compose.services.ingest!.environment!.ASSAY_INGEST_SOURCE).toBe('s3://assay-inbox/listings');
  });
});
