import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

// From a fast in-process assessment (tens of ms) to a slow remote service with retries (minutes).
const stageBuckets = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 180];

/** Stages whose latency the pipeline reports: reading and uploading an item's images, assessing it, writing results. */
export type PipelineStage = 'read_upload' | 'assess' | 'results_write';

/** One latency histogram for every stage, so dashboards compare them on one scale. */
function stageDuration(registry: Registry) {
  return new Histogram({
    name: 'assay_stage_duration_seconds',
    help: 'Time one item (results: one batch) spent in a pipeline stage, waiting for a slot excluded',
    labelNames: ['stage'] as const,
    buckets: stageBuckets,
    registers: [registry],
  });
}

export function ingestMetrics(registry: Registry) {
  return {
    discovered: new Counter({ name: 'assay_items_discovered_total', help: 'Item versions ingest published as item.discovered events', labelNames: ['category'] as const, registers: [registry] }),
  };
}

export function assessorMetrics(registry: Registry) {
  return {
    outcomes: new Counter({ name: 'assay_items_outcome_total', help: 'Items the assessor finished, by outcome (assessed, rejected, failed)', labelNames: ['outcome', 'category'] as const, registers: [registry] }),
    deadLettered: new Counter({ name: 'assay_items_dead_lettered_total', help: 'Events set aside on the dead-letter topic, by reason', labelNames: ['reason'] as const, registers: [registry] }),
    inFlight: new Gauge({ name: 'assay_items_in_flight', help: 'Items this assessor holds between receiving and publishing their outcome', registers: [registry] }),
    retries: new Counter({ name: 'assay_retries_total', help: 'Retried reads, uploads and assessments, by the failure that caused them', labelNames: ['code'] as const, registers: [registry] }),
    stageSeconds: stageDuration(registry),
  };
}

export function resultsMetrics(registry: Registry) {
  return {
    written: new Counter({ name: 'assay_results_written_total', help: 'Outcomes stored for the first time', registers: [registry] }),
    duplicates: new Counter({ name: 'assay_results_duplicates_total', help: 'Outcomes received again and left as they were (redelivery)', registers: [registry] }),
    stageSeconds: stageDuration(registry),
  };
}

export type IngestMetrics = ReturnType<typeof ingestMetrics>;
export type AssessorMetrics = ReturnType<typeof assessorMetrics>;
export type ResultsMetrics = ReturnType<typeof resultsMetrics>;
