export { openEngine, type Engine } from './open-engine.ts';
