import { readFileSync } from 'node:fs';

/** The server's version, from its package.json; published as the OpenAPI document's `info.version`. */
export const apiVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
