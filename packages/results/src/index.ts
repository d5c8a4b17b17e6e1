export { createResultsWriter, toRecord, type ResultsWriter, type ResultsWriterDeps } from './results-writer.ts';
