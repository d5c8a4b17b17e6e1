import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createAccounts, createRateLimiter, type Accounts, type RateLimit } from '@assay/accounts';
import { createApi } from '@assay/api';
import { createAssessments, loadCardsEngine, loadCoinsEngine, loadToysEngine, type Assessments } from '@assay/assessment';
import { importCatalog } from '@assay/catalog';
import { computeCatalogReferences } from '@assay/runtime';
import type { Operation } from '@assay/contract';
import { createAccountsRepository, createAssessmentsRepository, createCatalogRepository, createImagesRepository } from '@assay/db';
import { createFolderImageStore, type ImageStore } from '@assay/images';
import { createLogger } from '@assay/logger';
import { createRegistry, type ReadinessChecks } from '@assay/metrics';
import { createUploads, type Uploads, type UploadsDeps } from '@assay/uploads';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';

export interface TestApi {
  app: Awaited<ReturnType<typeof createApi>>;
  accounts: Accounts;
  uploads: Uploads;
  assessments: Assessments;
  store: ImageStore;
  database: TestDatabase;
  /** A new key for a new, uniquely named organization with these operations. */
  newKey(operations: Operation[]): Promise<{ apiKey: string; orgId: string }>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  database?: DatabaseKind;
  allowPrivateUrls?: boolean;
  /** DNS resolver and address policy for URL images (see createUploads). */
  urlFetch?: UploadsDeps['urlFetch'];
  /** Serve card assessments, on the sample catalog imported into the test database. */
  cards?: boolean;
  /** Serve coin assessments, on the sample catalog imported into the test database. */
  coins?: boolean;
  /** Serve toy assessments, on the sample catalog imported into the test database. */
  toys?: boolean;
  /** Where the API's JSON log lines go; silent when absent. */
  logStream?: NodeJS.WritableStream;
  /** What `/readyz` checks; the test database when absent. */
  readiness?: ReadinessChecks;
  /** Per-key rate limit; none when absent. */
  rateLimit?: RateLimit;
  requestTimeoutMs?: number;
}

/** The real API over a fresh database and image folder, for in-process requests with `inject()`. */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = await createTestDatabase(options.database ?? 'postgres');
  const dir = await mkdtemp(join(tmpdir(), 'assay-images-'));
  const store = createFolderImageStore({ dir });
  await store.ready();
  const accounts = createAccounts(createAccountsRepository(database.handle.db), options.rateLimit ? { rateLimiter: createRateLimiter(options.rateLimit) } : {});
  const uploads = createUploads({
    store,
    repository: createImagesRepository(database.handle.db),
    allowPrivateUrls: options.allowPrivateUrls ?? true,
    urlFetch: options.urlFetch,
  });
  const logger = options.logStream
    ? createLogger({ level: 'info' }, options.logStream as never)
    : createLogger({ level: 'silent' });
  const cards = options.cards ? await sampleCardsEngine(database) : null;
  const coins = options.coins ? await sampleCoinsEngine(database) : null;
  const toys = options.toys ? await sampleToysEngine(database) : null;
  const assessments = createAssessments({
    uploads,
    repository: createAssessmentsRepository(database.handle.db),
    engines: { ...(cards && { cards: cards.engine }), ...(coins && { coins: coins.engine }), ...(toys && { toys: toys.engine }) },
  });
  const app = await createApi({ accounts, uploads, assessments, logger, readiness: options.readiness ?? { database: () => database.handle.ready() }, registry: createRegistry('api'), version: 'test', requestTimeoutMs: options.requestTimeoutMs });
  await app.ready();
  return {
    app,
    accounts,
    uploads,
    assessments,
    store,
    database,
    async newKey(operations) {
      const created = await accounts.createKey(`org-${randomBytes(5).toString('hex')}`, operations);
      return { apiKey: created.apiKey, orgId: created.organization.id };
    },
    async close() {
      await app.close();
      await cards?.close();
      await coins?.close();
      await toys?.close();
      await store.close();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** Builds a multipart/form-data body by hand, so tests control every byte of it. */
export function multipartBody(parts: { name: string; filename?: string; contentType?: string; content: Buffer | string }[]) {
  const boundary = `----assay${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const sampleCatalogDir = new URL('../../catalog/sample/', import.meta.url).pathname;

async function sampleCardsEngine(database: TestDatabase) {
  const repository = createCatalogRepository(database.handle.db);
  const version = await importCatalog(sampleCatalogDir, { repository, computeReferences: computeCatalogReferences });
  return loadCardsEngine(repository, version.id);
}

async function sampleCoinsEngine(database: TestDatabase) {
  const repository = createCatalogRepository(database.handle.db);
  const version = await importCatalog(sampleCatalogDir, { repository, computeReferences: computeCatalogReferences });
  return loadCoinsEngine(repository, version.id);
}

async function sampleToysEngine(database: TestDatabase) {
  const repository = createCatalogRepository(database.handle.db);
  const version = await importCatalog(sampleCatalogDir, { repository, computeReferences: computeCatalogReferences });
  return loadToysEngine(repository, version.id);
}
