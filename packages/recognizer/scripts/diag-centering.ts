/** Dev: per clean photo, outline error vs truth corners and centering from found vs truth outline. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { analyseCardPhoto, borderProfiles, centeringWithFrame, loadPhoto, matchable, rectifyQuad, refineQuad, type Quad } from '@assay/vision';
import type { CardPhotoTruth } from '../../generator/src/cards/card-truth.ts';
import { resolveFaces } from '../../generator/src/cards/card-faces.ts';
import { computeCardReferences } from '../src/index.ts';
import { indexReferences, matchFace } from '../src/match-references.ts';

const dir = process.argv[2] ?? '/tmp/assay-dev2';
const only = process.argv[3];
const catalog = await loadCatalog(process.env.ASSAY_CATALOG ?? 'catalog/sample');
const refs = await computeCardReferences(catalog);
const index = indexReferences(refs);
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const requests = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as { photos: (CardPhotoTruth & { file: string })[] }[];
const cards = new Map(catalog.cards.map((c) => [c.id, c]));
for (const t of requests.flatMap((r) => r.photos)) {
  if (t.defects.length || t.card_count !== 1) continue;
  if (only && !t.file.includes(only)) continue;
  const bytes = await readFile(join(dir, t.file));
  const a = await analyseCardPhoto(bytes, { references });
  if (!a.card) { console.log(t.file, 'no card'); continue; }
  const truthQ = t.corners.map(([x, y]) => ({ x, y })) as Quad;
  const err = (q: Quad) => Math.min(...[0, 2].map((r) => Math.max(...q.map((p, i) => Math.hypot(p.x - truthQ[(i + r) % 4]!.x, p.y - truthQ[(i + r) % 4]!.y)))));
  const m = matchFace(index, a.card.features);
  const card = cards.get(t.entry_id)!;
  const inst = { entryId: t.entry_id, back: { kind: t.back_recognisable ? 'catalog' : 'unknown', image: catalog.manifest.card_games.find((g) => g.id === card.game_id)!.backs[0] }, centering: t.card_centering } as never;
  const faces = await resolveFaces(catalog, inst);
  const inset = faces.insets[t.face];
  const photo = await loadPhoto(bytes);
  const k = photo.original.width / photo.full.width;
  const full = (q: Quad) => q.map((p) => ({ x: p.x / k, y: p.y / k })) as Quad;
  const measure = (q: Quad) => {
    const w = 360;
    const r = rectifyQuad(photo.full, q, { width: w, height: Math.round(w / (63 / 88)), margin: 0.05 });
    const p = borderProfiles(r.image, { margin: r.margin });
    return p && centeringWithFrame(p, inset);
  };
  const c1 = measure(full(a.card.quad));
  const c2 = measure(refineQuad(photo.full, full(truthQ), 3));
  const c3 = measure(full(truthQ));
  const f = (c: { horizontal: number; vertical: number } | null, flip = false) => c ? `${(flip ? 1 - c.horizontal : c.horizontal).toFixed(3)},${(flip ? 1 - c.vertical : c.vertical).toFixed(3)}` : 'null';
  const flip = err(a.card.quad) !== Math.max(...a.card.quad.map((p, i) => Math.hypot(p.x - truthQ[i]!.x, p.y - truthQ[i]!.y)));
  console.log(t.file, t.face, t.holder ? 'H' : t.sleeve ? 'S' : '-', 'inset', inset.x.toFixed(3), inset.y.toFixed(3), 'err', err(a.card.quad).toFixed(1), 'short', Math.round(Math.hypot(truthQ[1].x - truthQ[0].x, truthQ[1].y - truthQ[0].y)), 'match', m.face, m.rotated ? 'R' : '', 'truth', f(t.centering), 'found', f(c1, flip), 'truthQ+ref', f(c2), 'truthQ', f(c3), 'q', JSON.stringify(a.card.quad.map((p) => [Math.round(p.x), Math.round(p.y)])));
}
