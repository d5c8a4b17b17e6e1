import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '../src/index.ts';
const r = await computeCardReferences(await loadCatalog('catalog/sample'));
for (const b of r.backs) console.log(b.image, b.frame);
