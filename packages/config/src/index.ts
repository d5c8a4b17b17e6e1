export { loadConfig, envVariables, type Config, type PipelineConfig } from './config.ts';
