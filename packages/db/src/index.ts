export { openDatabase, type Database, type DatabaseHandle, type DatabaseOptions } from './client.ts';
export { migrate, migrationsFolder } from './migrate.ts';
export {
  createAccountsRepository,
  type AccountsRepository,
  type Organization,
  type StoredApiKey,
  type ApiKeyListing,
} from './repositories/accounts.ts';
export { createImagesRepository, type ImagesRepository, type StoredImage } from './repositories/images.ts';
export {
  createCatalogRepository,
  type CatalogRepository,
  type CatalogVersion,
  type NewCatalogVersion,
} from './repositories/catalog.ts';
export {
  createAssessmentsRepository,
  type AssessmentsRepository,
  type StoredAssessment,
  type StoredIssue,
} from './repositories/assessments.ts';
export { createIngestRepository, type IngestCursor, type IngestRepository, type PublishedVersion, type StoredNotItem } from './repositories/ingest.ts';
export { createPipelineRepository, type PipelineRepository, type OutcomeRecord, type CurrentResult, type ResultFilter, type ResultCounts } from './repositories/pipeline.ts';
export { createDlqReplaysRepository, type DlqReplaysRepository, type DlqReplay } from './repositories/dlq-replays.ts';
export { databaseUnavailable } from './unavailable.ts';
