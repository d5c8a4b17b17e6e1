/**
 * Dev check on plain flat photos of every sample card front and back (test/support's flatCardPhoto):
 * identity, face, quality flags, centering and wear. Run: pnpm exec node tools/evaluate-flat.ts
 */
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences, createCatalogCardRecognizer } from '@assay/cards';
import { analyseCardPhoto } from '@assay/cards/diagnostics';
import { flatCardPhoto, sampleCardIds } from '../test/support/card-photos.ts';

const catalog = await loadCatalog(new URL('../catalog/sample/', import.meta.url).pathname);
const references = await computeCardReferences(catalog);
const recognizer = createCatalogCardRecognizer(references);
let right = 0;
const verbose = process.argv.includes('-v');
for (const id of sampleCardIds) {
  const bytes = await flatCardPhoto({ cardId: id });
  const r = await recognizer.recognizeCard([{ index: 0, bytes }]);
  const img = r.images[0]!;
  const ok = r.identity?.entryId === id && r.identity.confidence >= 0.5;
  if (ok) right++;
  const a = verbose ? await analyseCardPhoto(bytes) : null;
  console.log(ok ? 'ok ' : 'BAD', id.padEnd(44), img.face, r.identity?.entryId ?? '-', r.identity?.confidence, img.qualityIssues.join(','), JSON.stringify(img.centering), JSON.stringify(img.wear), a ? JSON.stringify(a.card?.quad.map((p) => [Math.round(p.x), Math.round(p.y)])) : '');
}
for (const back of ['aetherium', 'kaiju', 'starfall'] as const) {
  const r = await recognizer.recognizeCard([{ index: 0, bytes: await flatCardPhoto({ back }) }]);
  const img = r.images[0]!;
  console.log('back', back, img.face, JSON.stringify(img.back), img.qualityIssues.join(','), JSON.stringify(img.centering));
}
console.log(`identified ${right}/${sampleCardIds.length}`);
await recognizer.close();
