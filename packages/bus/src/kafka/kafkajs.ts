import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * kafkajs itself, loaded by the first Kafka bus: its hundred-odd modules are memory a process on the
 * in-process bus (`assay run`) never needs.
 */
export const kafkajs = (): typeof import('kafkajs') => require('kafkajs') as typeof import('kafkajs');
