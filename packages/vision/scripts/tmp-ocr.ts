import { readFileSync } from 'node:fs';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '/work/main/packages/recognizer/src/index.ts';
import { analyseCardPhoto, createLabelReader, matchable } from '/work/main/packages/vision/src/index.ts';
const refs = await computeCardReferences(await loadCatalog('/tmp/assay-catalog/'));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const reader = createLabelReader();
for (const f of process.argv.slice(2)) {
  const a = await analyseCardPhoto(readFileSync('/tmp/assay-dev/' + f), { references });
  const g = a.card?.holderLabel?.gray;
  const t = performance.now();
  console.log(f, g ? JSON.stringify(await reader.read(g)) : 'no label', (performance.now() - t).toFixed(0), 'ms');
}
await reader.close();
