export { openEngine, type Engine } from './open-engine.ts';
export { closeOnSignals } from './shutdown.ts';
export { openKafkaBus, openBucket, type ServiceOptions } from './pipeline-adapters.ts';
