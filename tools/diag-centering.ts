/**
 * Dev: for each clean one-card photo of a generateCardSet folder, how far the analysed outline is
 * from the truth corners (px, original photo), and the centering measured through the found outline
 * (turned as the recognizer turns it when the card is upside down)
 * and through the truth outline with the face's true frame: tells outline errors from border-search errors.
 * Usage: pnpm exec node tools/diag-centering.ts [dir=/tmp/assay-dev] [file-filter]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences, type Centering } from '@assay/cards';
import { analyseCardPhoto, borderProfiles, cardAspect, centeringWithFrame, matchable, type FrameInset } from '@assay/cards/diagnostics';
import type { CardPhotoTruth } from '@assay/generator';
import { loadPhoto, rectifyQuad, type Quad } from '@assay/pixels';

const dir = process.argv[2] ?? '/tmp/assay-dev';
const only = process.argv[3];
const catalog = await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname);
const refs = await computeCardReferences(catalog);
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const cards = new Map(catalog.cards.map((c) => [c.id, c]));
const requests = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as { photos: (CardPhotoTruth & { file: string })[] }[];
const show = (c: Centering | null) => (c ? `${c.horizontal.toFixed(3)},${c.vertical.toFixed(3)}` : 'null');

for (const t of requests.flatMap((r) => r.photos)) {
  if (t.defects.length || t.card_count !== 1 || (only && !t.file.includes(only))) continue;
  const bytes = await readFile(join(dir, t.file));
  const card = (await analyseCardPhoto(bytes, { references })).card;
  if (!card) { console.log(t.file, 'no card'); continue; }
  const truth = t.corners.map(([x, y]) => ({ x, y })) as Quad;
  // The found outline may start at the opposite corner (the card upside down).
  const errors = [0, 2].map((r) => Math.max(...card.quad.map((p, i) => Math.hypot(p.x - truth[(i + r) % 4]!.x, p.y - truth[(i + r) % 4]!.y))));
  const error = Math.min(...errors);
  const rotated = errors[1]! < errors[0]!;
  const entry = cards.get(t.entry_id)!;
  const back = refs.backs.find((b) => b.gameId === entry.game_id)?.frame;
  // A back the catalog does not know is measured frame-blind (no pattern to match).
  const inset = t.face === 'front' ? refs.fronts.find((f) => f.entryId === t.entry_id)?.frame : t.back_recognisable ? back : undefined;
  const photo = await loadPhoto(bytes);
  const k = photo.original.width / photo.full.width;
  // The width analyseCardPhoto rectifies at: the card's short side, clamped to 240–480.
  const width = Math.round(Math.min(480, Math.max(240, (Math.hypot(truth[1].x - truth[0].x, truth[1].y - truth[0].y) + Math.hypot(truth[2].x - truth[3].x, truth[2].y - truth[3].y)) / 2 / k)));
  const rectified = rectifyQuad(photo.full, truth.map((p) => ({ x: p.x / k, y: p.y / k })) as Quad, { width, height: Math.round(width / cardAspect), margin: 0.05 });
  const profiles = borderProfiles(rectified.image, { margin: rectified.margin, maxInset: 0.3 });
  const viaTruth = profiles && inset ? centeringWithFrame(profiles, inset) : null;
  const kind = t.holder ? 'holder' : t.sleeve ? 'sleeve' : 'bare';
  // As the recognizer does once matching says the card is upside down: the reference's sides swapped, the result turned back.
  const viaFound = card.borderProfiles && inset ? upright(centeringWithFrame(card.borderProfiles, rotated ? turned(inset) : inset), rotated) : null;
  const asFound = upright(card.borders?.centering ?? null, rotated);
  console.log(t.file, t.face, kind, 'outline error', error.toFixed(1), 'truth', show(t.centering), 'via truth outline', show(viaTruth), 'borders as found', show(asFound), 'pattern as found', show(viaFound));
}

function upright(c: Centering | null, rotated: boolean): Centering | null {
  return c && rotated ? { horizontal: 1 - c.horizontal, vertical: 1 - c.vertical } : c;
}

function turned(frame: FrameInset): FrameInset {
  const { drawn, pattern } = frame;
  return {
    x: frame.x,
    y: frame.y,
    ...(drawn && { drawn: upright(drawn, true)! }),
    ...(pattern && { pattern: { ...pattern, left: pattern.right, right: pattern.left, top: pattern.bottom, bottom: pattern.top } }),
  };
}
