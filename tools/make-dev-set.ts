/**
 * Writes a DEVELOPMENT set of generator photos with generateCardSet: photo-NNNN.jpg + truth.json.
 * Seeds 1000–1999 only: the accuracy benchmark's seeds are reserved and must never be tuned on.
 * ASSAY_CATALOG overrides the catalog folder (a stable copy while the sample is being rewritten).
 * Usage: pnpm exec node tools/make-dev-set.ts [outDir=/tmp/assay-dev] [seed=1000] [requests=160]
 */
import { loadCatalog } from '@assay/catalog';
import { generateCardSet } from '@assay/generator';

const [outDir = '/tmp/assay-dev', seedArg = '1000', countArg = '160'] = process.argv.slice(2);
const seed = Number(seedArg);
if (!(seed >= 1000 && seed <= 1999)) throw new Error('development seeds are 1000–1999 only');
const catalog = await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname);
const summary = await generateCardSet({ catalog, seed, count: Number(countArg), outDir });
console.log(`wrote ${summary.photos} photos (${summary.requests} requests) to ${outDir}`);
