export { organizations } from './organizations.ts';
export { apiKeys } from './api-keys.ts';
export { images } from './images.ts';
export { catalogVersions, catalogEntries, catalogReferenceParts } from './catalog.ts';
export { assessments, assessmentItems, assessmentIssues, assessmentImages } from './assessments.ts';
export { ingestCursors, ingestNotItems, ingestPublishedVersions } from './ingest.ts';
export { pipelineOutcomes, pipelineIssues, pipelineItems } from './pipeline.ts';
export { dlqReplays } from './dlq-replays.ts';
