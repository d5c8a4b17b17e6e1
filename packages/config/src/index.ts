export { loadConfig, envVariables, type Config } from './config.ts';
