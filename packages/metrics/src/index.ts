export { createRegistry, type Registry } from './registry.ts';
export { assessorMetrics, ingestMetrics, resultsMetrics, type AssessorMetrics, type IngestMetrics, type ResultsMetrics, type PipelineStage } from './pipeline-metrics.ts';
export { lagMetrics, type PartitionLag } from './lag-metrics.ts';
export { httpMetrics, type HttpMetrics } from './http-metrics.ts';
export { checkReadiness, notReadyProblem, type ReadinessChecks, type ReadinessReport } from './readiness.ts';
export { startMetricsServer, type MetricsServer, type MetricsServerOptions } from './metrics-server.ts';
