/** Dev: per-stage timings of analyseCardPhoto over a folder of photos. Usage: node timings.ts <dir> [n=20] */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '@assay/cards';
import { analyseCardPhoto, matchable } from '@assay/cards/diagnostics';

const [dir = '/tmp/assay-dev', n = '20'] = process.argv.slice(2);
const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort().slice(0, Number(n));
// With the catalog's references, as the recognizer's pool runs it (outline choice included).
const refs = await computeCardReferences(await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const totals: Record<string, number[]> = {};
let labels = 0;
for (const f of files) {
  const a = await analyseCardPhoto(await readFile(join(dir, f)), { references });
  if (a.card?.holderLabel) labels++;
  for (const [k, v] of Object.entries(a.timings)) (totals[k] ??= []).push(v);
}
for (const [k, v] of Object.entries(totals)) console.log(k.padEnd(10), 'median', v.sort((a, b) => a - b)[Math.floor(v.length / 2)], 'max', Math.max(...v));
console.log('labels found', labels, 'of', files.length);
