import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { analyseCardPhoto, matchable } from '@assay/vision';
import { computeCardReferences } from '../src/index.ts';
import { indexReferences, matchFace } from '../src/match-references.ts';
const dir = process.argv[2]!;
const refs = await computeCardReferences(await loadCatalog('catalog/sample'));
const index = indexReferences(refs);
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const photos = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')).flatMap((r: any) => r.photos);
const out = [];
for (const t of photos) {
  const a = await analyseCardPhoto(await readFile(join(dir, t.file)), { references });
  if (!a.card) continue;
  const m = matchFace(index, a.card.features);
  out.push({ file: t.file, defects: t.defects, glare: t.glare, holder: !!t.holder, sleeve: t.sleeve, tone: a.card.features.tone, ref: m.reference?.tone ?? null, quad: a.card.quad, corners: t.corners });
}
await writeFile('/tmp/tones.json', JSON.stringify(out));
