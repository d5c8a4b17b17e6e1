export { openEngine, type Engine } from './open-engine.ts';
export { closeOnSignals } from './shutdown.ts';
export { openKafkaBus, openBucket } from './pipeline-adapters.ts';
export { serveObservability, reportLag } from './observability.ts';
