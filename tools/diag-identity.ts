/**
 * Dev: for front photos of a generateCardSet folder, whether an identity miss comes from the outline
 * or from matching: the found outline's error, the true entry's rank and score through the found
 * outline and through the truth outline, and the top rivals' scores. Writes the rectified crops.
 * Usage: pnpm exec node tools/diag-identity.ts [dir=/tmp/assay-dev] [file-filter,...] [outDir]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '@assay/cards';
import { analyseCardPhoto, cardAspect, cardFeatures, matchable, rotated180, similarity, type CardFeatures } from '@assay/cards/diagnostics';
import type { CardPhotoTruth } from '@assay/generator';
import { loadPhoto, rectifyQuad, type Quad, type RgbImage } from '@assay/pixels';

const dir = process.argv[2] ?? '/tmp/assay-dev';
const only = process.argv[3]?.split(',');
const outDir = process.argv[4];
const catalog = await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname);
const refs = await computeCardReferences(catalog);
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const requests = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as { photos: (CardPhotoTruth & { file: string })[] }[];

function ranking(features: CardFeatures, entryId: string): string {
  const photo = matchable(features);
  const turned = rotated180(photo);
  const scored = refs.fronts.map((r) => ({ id: r.entryId, score: Math.max(similarity(photo, matchable(r.features)), similarity(turned, matchable(r.features))) }));
  scored.sort((a, b) => b.score - a.score);
  const rank = scored.findIndex((s) => s.id === entryId);
  return `rank ${rank} score ${scored[rank]!.score.toFixed(3)} top ${scored.slice(0, 3).map((s) => `${s.id.slice(0, 24)}:${s.score.toFixed(3)}`).join(' ')}`;
}

for (const t of requests.flatMap((r) => r.photos)) {
  if (t.face !== 'front' || (only && !only.some((o) => t.file.includes(o)))) continue;
  const bytes = await readFile(join(dir, t.file));
  const card = (await analyseCardPhoto(bytes, { references })).card;
  if (!card) { console.log(t.file, 'no card'); continue; }
  const truth = t.corners.map(([x, y]) => ({ x, y })) as Quad;
  const error = Math.min(...[0, 2].map((r) => Math.max(...card.quad.map((p, i) => Math.hypot(p.x - truth[(i + r) % 4]!.x, p.y - truth[(i + r) % 4]!.y)))));
  const photo = await loadPhoto(bytes);
  const k = photo.original.width / photo.full.width;
  const rectify = (quad: Quad) => rectifyQuad(photo.full, quad.map((p) => ({ x: p.x / k, y: p.y / k })) as Quad, { width: 240, height: Math.round(240 / cardAspect), margin: 0 }).image;
  const viaTruth = await cardFeatures(rectify(truth));
  const kind = t.holder ? 'holder' : t.sleeve ? 'sleeve' : 'bare';
  console.log(t.file, kind, `glare=${t.glare}`, t.defects.join(',') || '-', `cards=${t.card_count}`, 'outline error', error.toFixed(1));
  console.log('   found:', ranking(card.features, t.entry_id));
  console.log('   truth:', ranking(viaTruth, t.entry_id));
  if (outDir) {
    const save = (img: RgbImage, name: string) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).png().toFile(join(outDir, name));
    await save(rectify(card.quad), `${t.file}-found.png`);
    await save(rectify(truth), `${t.file}-truth.png`);
  }
}
