/**
 * Scores the catalog recognizer on a generated DEVELOPMENT set (make-dev-set.ts, generateCardSet): identity top-1,
 * face and back recognition, centering, quality flags, subgrade agreement, card count, holder OCR,
 * request identity as the accuracy bench scores it, and the per-image time through the worker pool.
 * Usage: pnpm exec node tools/evaluate.ts [dir=/tmp/assay-dev] [-v]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { cardSubgrades, computeCardReferences, createCatalogCardRecognizer, wearSubgrade, type ImageRecognition } from '@assay/cards';
import type { CardPhotoTruth } from '@assay/generator';

const dir = process.argv.slice(2).find((a) => !a.startsWith('-')) ?? '/tmp/assay-dev';
const verbose = process.argv.includes('-v');
const catalog = await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname);
const recognizer = createCatalogCardRecognizer(await computeCardReferences(catalog));
const games = new Map(catalog.cards.map((c) => [c.id, c.game_id]));
// generateCardSet's truth.json: requests, each with its photos' truth.
const requests = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as { photos: (CardPhotoTruth & { file: string })[] }[];
const photos = requests.flatMap((r) => r.photos);

const issueMap: Record<string, string> = { blurred: 'blurred', low_resolution: 'low_resolution', cut_off: 'cut_off', too_small: 'too_small', heavy_shadow: 'shadow_or_glare', glare: 'shadow_or_glare', compressed: 'highly_compressed' };
const defects = ['blurred', 'low_resolution', 'cut_off', 'too_small', 'shadow_or_glare', 'highly_compressed'];
const flags = Object.fromEntries(defects.map((d) => [d, { due: 0, raised: 0, notDue: 0, falsely: 0 }]));
const tally = { fronts: 0, identified: 0, confident: 0, backs: 0, backsOk: 0, unknownBacks: 0, unknownOk: 0, centering: 0, centeringOk: 0, count2: 0, count2Ok: 0, count1Ok: 0, count1: 0, holders: 0, certOk: 0 };
const subgradeAgree = { corners: [0, 0], edges: [0, 0], surface: [0, 0] } as Record<string, [number, number]>;
const times: number[] = [];
const confusions: string[] = [];

// Warm the pool and OCR so the first images don't pay start-up.
await recognizer.recognizeCard([{ index: 0, bytes: await readFile(join(dir, photos[0]!.file)) }]);
// Each request's images together, as the engine sees them: identity is the request's answer.
const requestTally = { requests: 0, identified: 0 };
const requestMisses: string[] = [];
for (const request of requests) {
  const images = await Promise.all(request.photos.map(async (p, index) => ({ index, bytes: await readFile(join(dir, p.file)) })));
  const start = performance.now();
  const result = await recognizer.recognizeCard(images);
  const elapsed = (performance.now() - start) / images.length;
  const wanted = request.photos[0]!.entry_id;
  requestTally.requests++;
  if (result.identity?.entryId === wanted && result.identity.confidence >= 0.5) requestTally.identified++;
  else requestMisses.push(`request ${request.photos.map((p) => p.file.slice(6, -4)).join('+')} ${wanted} → ${result.identity?.entryId ?? '-'} ${result.identity?.confidence ?? ''}`);
  for (const [n, truth] of request.photos.entries()) {
    times.push(elapsed);
    scorePhoto(truth, result.images.find((i) => i.index === n)!);
  }
}

function scorePhoto(truth: CardPhotoTruth & { file: string }, image: ImageRecognition) {
  const seed = truth.file.slice(6, -4);
  const clean = truth.defects.length === 0;
  const raised = new Set(image.qualityIssues.map((i) => issueMap[i]!));
  for (const d of defects) {
    const due = truth.defects.includes(d as never);
    if (due) { flags[d]!.due++; if (raised.has(d)) flags[d]!.raised++; }
    else { flags[d]!.notDue++; if (raised.has(d)) flags[d]!.falsely++; }
  }
  if (truth.card_count === 2) { tally.count2++; if (image.cardLocations.length === 2) tally.count2Ok++; }
  else { tally.count1++; if (image.cardLocations.length === 1) tally.count1Ok++; }
  const note = `${seed} ${truth.face} ${truth.entry_id} defects=${truth.defects.join(',') || '-'} holder=${Boolean(truth.holder)} sleeve=${truth.sleeve}`;
  if (truth.face === 'front') {
    tally.fronts++;
    const top = image.candidates[0];
    if (top?.entryId === truth.entry_id) tally.identified++;
    if (top?.entryId === truth.entry_id && top.confidence >= 0.5) tally.confident++;
    else confusions.push(`${note} → ${image.face} ${top?.entryId ?? '-'} ${top?.confidence ?? ''}`);
  } else if (truth.back_recognisable) {
    tally.backs++;
    const ok = image.face === 'back' && image.back !== 'unrecognised' && image.back?.gameId === games.get(truth.entry_id);
    if (ok) tally.backsOk++;
    else confusions.push(`${note} → ${image.face} ${JSON.stringify(image.back)}`);
  } else {
    tally.unknownBacks++;
    if (image.face !== 'front' && (image.back === 'unrecognised' || image.face === 'unknown')) tally.unknownOk++;
    else confusions.push(`${note} (unknown back) → ${image.face} ${JSON.stringify(image.back)} ${image.candidates[0]?.entryId ?? ''}`);
  }
  if (clean && truth.card_count === 1) {
    tally.centering++;
    const c = image.centering;
    const ok = c !== null && Math.abs(c.horizontal - truth.centering.horizontal) <= 0.02 && Math.abs(c.vertical - truth.centering.vertical) <= 0.02;
    if (ok) tally.centeringOk++;
    else if (verbose) console.log('centering', note, JSON.stringify(truth.centering), JSON.stringify(c));
    if (image.wear) agree(image, truth);
  }
  if (truth.holder) {
    tally.holders++;
    if (image.holder?.certificate_number === truth.holder.certificate_number) tally.certOk++;
    else if (verbose) console.log('holder', note, truth.holder.certificate_number, JSON.stringify(image.holder));
  }
  if (verbose && [...raised].some((r) => !truth.defects.includes(r as never))) console.log('false flag', note, [...raised].join(','));
  if (verbose && truth.defects.some((d) => !raised.has(d))) console.log('missed flag', note, image.qualityIssues.join(','), JSON.stringify(image.metrics));
}


function agree(image: ImageRecognition, truth: CardPhotoTruth) {
  const w = image.wear!;
  const pairs: [string, number, number][] = [
    ['corners', wearSubgrade(Math.max(...w.corners)), wearSubgrade(Math.max(...truth.corner_wear))],
    ['edges', wearSubgrade(w.edges), truth.subgrades.edges],
    ['surface', wearSubgrade(w.surface), truth.subgrades.surface],
  ];
  for (const [name, got, want] of pairs) {
    subgradeAgree[name]![1]++;
    if (Math.abs(got - want) <= 1) subgradeAgree[name]![0]++;
  }
  void cardSubgrades;
}

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}% (${a}/${b})`);
console.log(confusions.join('\n'));
console.log(requestMisses.join('\n'));
console.log(`photos ${photos.length}`);
console.log(`request identity (as the accuracy bench scores it) ${pct(requestTally.identified, requestTally.requests)}`);
console.log(`identity top-1 (conf ≥ 0.5) ${pct(tally.confident, tally.fronts)}; top-1 any confidence ${pct(tally.identified, tally.fronts)}`);
console.log(`backs recognised ${pct(tally.backsOk, tally.backs)}; unknown backs unrecognised ${pct(tally.unknownOk, tally.unknownBacks)}`);
console.log(`centering within 2 pts (clean photos) ${pct(tally.centeringOk, tally.centering)}`);
console.log(`card count: 2 → ${pct(tally.count2Ok, tally.count2)}; 1 → ${pct(tally.count1Ok, tally.count1)}`);
console.log(`certificate OCR exact ${pct(tally.certOk, tally.holders)}`);
for (const d of defects) console.log(`flag ${d.padEnd(18)} raised where due ${pct(flags[d]!.raised, flags[d]!.due)}; where not ${pct(flags[d]!.falsely, flags[d]!.notDue)}`);
for (const [name, [ok, n]] of Object.entries(subgradeAgree)) console.log(`subgrade ${name} within ±1 ${pct(ok, n)}`);
times.sort((a, b) => a - b);
console.log(`ms per image (sequential through the pool): median ${times[Math.floor(times.length / 2)]!.toFixed(0)}, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(0)}`);
await recognizer.close();
