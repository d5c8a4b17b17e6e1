import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/routes/meta.ts';
import { apiVersion } from '../src/version.ts';
import { servedCategories } from '../src/served-categories.ts';

// docs/openapi.json is the served document, committed so the contract can be reviewed in diffs.
const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(openApiDocument(apiVersion, servedCategories), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
