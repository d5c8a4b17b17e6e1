export { runBatch, type RunBatchOptions, type RunProgress, type RunLogger } from './run-batch.ts';
export { startEmbeddedPipeline, embeddedTopics, type EmbeddedPipeline } from './embedded-pipeline.ts';
export { selectForReprocess, republish, type ReprocessFilter } from './reprocess.ts';
export { summarise, type RunSummary } from './summary.ts';
export { listDeadLetters, replayDeadLetters, type DeadLetterListing, type ReplaySummary, type StoredDeadLetter } from './dead-letters.ts';
