export { runBatch, type RunBatchOptions } from './run-batch.ts';
export { summarise, type RunSummary } from './summary.ts';
