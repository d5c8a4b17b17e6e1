import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createCoinsEngine, loadSpotPrices, meltValue } from '@assay/coins';
import type { CoinItem, EngineResult } from '@assay/contract';
import { loadCatalog, type CoinEntry } from '@assay/catalog';
import { isAssayError } from '@assay/contract';
import { generateCoinSet, type CoinPhotoTruth, type CoinSetMix, type CoinSetRequest, type CoinTruth, type PhotoConditions, type PhotoWorld } from '@assay/generator';
import { computeCoinReferences, createCatalogCoinRecognizer, type CoinRecognition, type CoinRecognizer, type PhysicalCoin } from '@assay/coins';
import { designProbability, kinOf, printHeightOf } from '@assay/coins/diagnostics';
import { answerOf, type AnswerSink } from './answers.ts';
import { circleIs, sameCoinShare } from '../../support/locations.ts';
import { requestImages } from './request-images.ts';
import { conditionQualityTally, conditionTally, confusion, count, fraction, median, rate, reliability, type Rate } from './stats.ts';

export interface CoinAccuracyOptions {
  catalogDir: string;
  seed: number;
  /** The photo conditions the requests are drawn under; the tuning world by default. */
  world?: PhotoWorld;
  /** Development conditions instead of a world's (generateCoinSet's `conditions`): tools/evaluate-coins.ts only. */
  conditions?: PhotoConditions;
  /**
   * Entries the photos show but the engine is not given (tools/evaluate-coins.ts only): coins the
   * catalog does not list, as a user's unknown coin is, without drawing on the held-out catalog.
   * Their coins are right when answered unnamed (`unlisted_unnamed`).
   */
  leftOut?: (entry: CoinEntry) => boolean;
  requests: number;
  workDir: string;
  progress: (line: string) => void;
  /** Receives every request's answer (`--answers`). */
  onAnswer?: AnswerSink;
  /** Shares of presentations; the generator's default mix when absent (the benchmark's). */
  mix?: Partial<CoinSetMix>;
  /** Called for every scored coin with the truth entry and the answered one (dev diagnostics). */
  onIdentity?: (truth: string, answered: string | null, presentation: string, detail: string) => void;
  /** Called for every answered identity with the recognizer's own probability behind its confidence and whether it was right (tools/fit-coin-calibration.ts). */
  onCalibrationSample?: CalibrationSink;
}

/**
 * A sample for the confidence fit (the engine's ConfidenceCalibration): which map it is for, the
 * recognizer's probability that map reads, and whether what it backs was true.
 */
export type CalibrationSink = (sample: { map: 'named' | 'unnamed' | 'closest'; raw: number; right: boolean }) => void;

/** What the engine should answer for each generated presentation (spec coin rules 1–4). */
function expectedAnswer(request: CoinSetRequest): string {
  switch (request.presentation) {
    case 'ancient':
      return 'COINS_ANCIENT_UNSUPPORTED';
    case 'date_run':
      return 'COINS_DATE_RUN_UNSUPPORTED';
    case 'set':
      return 'COINS_SET_UNSUPPORTED';
    case 'pile':
      // Pile photos beside a proper pair of one coin's photos are ignored; piles alone are rejected.
      return request.photos.some((p) => p.presentation === 'individual') ? 'individual' : 'COINS_MAINLY_PILES';
    default:
      return request.presentation;
  }
}

/**
 * Generates a coin set with a seed no test or tuning uses, runs every request through the coins
 * engine as the API does, and scores identity, counts, presentation, face pairing and melt values
 * against the generator's ground truth.
 */
export async function measureCoins({ catalogDir, seed, world = 'tuning', conditions, leftOut, requests, workDir, progress, mix, onIdentity, onAnswer, onCalibrationSample }: CoinAccuracyOptions) {
  const catalog = await loadCatalog(catalogDir);
  progress(`coins: generating ${requests} requests with seed ${seed}, ${conditions ? 'development' : world} world`);
  const generated = await generateCoinSet({ catalog, seed, count: requests, outDir: workDir, mix, world, conditions });
  const truth = JSON.parse(await readFile(generated.truthFile, 'utf8')) as CoinSetRequest[];

  const listed = leftOut ? { ...catalog, coins: catalog.coins.filter((entry) => !leftOut(entry)) } : catalog;
  const references = await computeCoinReferences(listed);
  const recognizer = createCatalogCoinRecognizer(references);
  let last: CoinRecognition | null = null;
  const recording: CoinRecognizer = { recognizeCoins: async (images) => (last = await recognizer.recognizeCoins(images)), close: () => recognizer.close() };
  const entries = new Map<string, CoinEntry>(listed.coins.map((c) => [c.id, c]));
  const spotPrices = await loadSpotPrices();
  const engine = createCoinsEngine({ recognizer: recording, entries, catalogVersionId: 0, spotPrices });

  const score = { identity: rate(), truthful: rate(), withheld: rate(), count: rate(), presentation: rate(), pairing: rate(), melt: rate(), location: rate(), unlisted: rate() };
  const identityByCondition = conditionTally();
  const entriesOfType = new Map<string, number>();
  for (const entry of catalog.coins) entriesOfType.set(entry.identity.type, (entriesOfType.get(entry.identity.type) ?? 0) + 1);
  // How high each entry's date is printed, in units of its radius, as the engine found it on the catalog's faces.
  const datePrint = new Map<string, number>();
  for (const face of references.faces) if (face.dateBox) datePrint.set(face.entryId, Math.max(datePrint.get(face.entryId) ?? 0, printHeightOf(face.dateBox)));
  const identityBy: IdentityBreakdown = { size: {}, kin: {}, datePrint: {}, entriesOfType, printOf: datePrint };
  const presentations = confusion();
  const location: Location = { recall: rate(), precision: rate(), recallByCondition: conditionTally(), precisionByCondition: conditionTally(), recallBySize: {}, byPresentation: {} };
  const identityReliability = reliability();
  const quality = conditionQualityTally();
  const byPresentation: Record<string, { right: number; total: number }> = {};
  const byArrangement: Record<string, { right: number; total: number }> = {};
  const msPerImage: number[] = [];
  try {
    for (const [n, request] of truth.entries()) {
      const images = await requestImages(workDir, request.photos);
      const started = performance.now();
      let answer: string;
      let result: EngineResult | null = null;
      try {
        result = await engine.assess(images, ['identity', 'grade', 'valuation']);
        answer = String(result.summary.presentation);
      } catch (error) {
        if (!isAssayError(error)) throw error;
        answer = error.code;
      }
      msPerImage.push((performance.now() - started) / images.length);
      onAnswer?.({ category: 'coins', request: String(n), answer: result ? answerOf(result) : { error: answer } });
      const expected = expectedAnswer(request);
      count(score.presentation, answer === expected);
      presentations.count(expected, answer);
      for (const [index, photo] of request.photos.entries()) locateCoins(photo, last!.images.find((i) => i.index === index)?.coins ?? [], location);
      // Photo quality is said in the issues of an assessment; a rejected request has none to score.
      if (result) for (const [index, photo] of request.photos.entries()) quality.count(photo.conditions, photo.presentation === 'set' ? photo.holder !== null : null, new Set(result.issues.filter((i) => i.image_index === index).map((i) => i.code)));
      const tally = (byPresentation[request.presentation] ??= { right: 0, total: 0 });
      tally.total++;
      if (answer === expected) tally.right++;
      // Rolls, piles and sets also by how their coins lie (the first photo's arrangement).
      const arrangement = request.photos[0]?.arrangement;
      if (arrangement) {
        const kind = (byArrangement[`${request.presentation}: ${arrangement}`] ??= { right: 0, total: 0 });
        kind.total++;
        if (answer === expected) kind.right++;
      }
      scoreCoins(request, last!, result, entries, spotPrices, score, identityByCondition, identityBy, identityReliability, onIdentity, onCalibrationSample);
      if ((n + 1) % 25 === 0) progress(`coins: ${n + 1}/${truth.length} requests`);
    }
  } finally {
    await recording.close();
  }

  return {
    seed,
    world,
    samples: generated.photos,
    requests: truth.length,
    identity_top1: fraction(score.identity),
    identity_truthful: fraction(score.truthful),
    identity_year_withheld: fraction(score.withheld),
    ...(leftOut ? { unlisted_unnamed: fraction(score.unlisted) } : {}),
    count_exact: fraction(score.count),
    presentation_accuracy: fraction(score.presentation),
    face_pairing_accuracy: fraction(score.pairing),
    melt_exact: fraction(score.melt),
    median_ms_per_image: round(median(msPerImage)),
    location_right: fraction(score.location),
    location_recall: fraction(location.recall),
    location_precision: fraction(location.precision),
    ...quality.figures(),
    presentation_confusion: presentations.figures(),
    identity_reliability: identityReliability.figures(),
    presentation_by_kind: Object.fromEntries(Object.entries(byPresentation).map(([k, v]) => [k, `${v.right}/${v.total}`])),
    presentation_by_arrangement: Object.fromEntries(Object.entries(byArrangement).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, `${v.right}/${v.total}`])),
    identity_by_condition: identityByCondition.figures(),
    identity_by_coin_size: breakdown(identityBy.size),
    identity_by_kin: breakdown(identityBy.kin),
    identity_by_date_print: breakdown(identityBy.datePrint),
    ...quality.byCondition(),
    location_by_presentation: Object.fromEntries(Object.entries(location.byPresentation).sort(([a], [b]) => a.localeCompare(b)).map(([kind, r]) => [kind, { recall: `${r.recall.hits}/${r.recall.total}`, precision: `${r.precision.hits}/${r.precision.total}` }])),
    location_recall_by_condition: location.recallByCondition.figures(),
    location_recall_by_coin_size: breakdown(location.recallBySize),
    location_precision_by_condition: location.precisionByCondition.figures(),
    counts: score,
  };
}

/**
 * Coins found in one photo against its truth. Recall is over the readable coins (whole, flat, face
 * up: the ones the engine must find); precision over every coin found, which is right when it is
 * any true coin (a covered one in a pile too). Each true coin takes at most its nearest found coin.
 */
interface Location {
  recall: Rate;
  precision: Rate;
  recallByCondition: ReturnType<typeof conditionTally>;
  precisionByCondition: ReturnType<typeof conditionTally>;
  /** Recall by the coin's radius in the photo (sizeBand): the smallest coins are the hardest to find. */
  recallBySize: Record<string, Rate>;
  /** By the photo's presentation (a group's overview, a roll, a pile, a set …). */
  byPresentation: Record<string, { recall: Rate; precision: Rate }>;
}

function locateCoins(photo: CoinPhotoTruth, found: readonly { x: number; y: number; r: number }[], location: Location) {
  const pairs: { truth: number; found: number; distance: number }[] = [];
  for (const [t, coin] of photo.coins.entries()) {
    for (const [f, seen] of found.entries()) {
      const distance = Math.hypot(coin.centre[0] - seen.x, coin.centre[1] - seen.y);
      if (distance < coin.radius * sameCoinShare) pairs.push({ truth: t, found: f, distance });
    }
  }
  const truthTaken = new Set<number>();
  const foundTaken = new Set<number>();
  for (const pair of pairs.sort((a, b) => a.distance - b.distance)) {
    if (truthTaken.has(pair.truth) || foundTaken.has(pair.found)) continue;
    truthTaken.add(pair.truth);
    foundTaken.add(pair.found);
  }
  const holder = photo.presentation === 'set' ? photo.holder !== null : null;
  for (const [t, coin] of photo.coins.entries()) {
    if (!coin.readable) continue;
    count(location.recall, truthTaken.has(t));
    count((location.byPresentation[photo.presentation] ??= { recall: rate(), precision: rate() }).recall, truthTaken.has(t));
    location.recallByCondition.count(photo.conditions, holder, truthTaken.has(t));
    count((location.recallBySize[sizeBand(coin.radius)] ??= rate()), truthTaken.has(t));
  }
  for (const f of found.keys()) {
    count(location.precision, foundTaken.has(f));
    count((location.byPresentation[photo.presentation] ??= { recall: rate(), precision: rate() }).precision, foundTaken.has(f));
    location.precisionByCondition.count(photo.conditions, holder, foundTaken.has(f));
  }
}

type Scores = Record<'identity' | 'truthful' | 'withheld' | 'count' | 'presentation' | 'pairing' | 'melt' | 'location' | 'unlisted', ReturnType<typeof rate>>;

/**
 * Identity by what limits it physically: `size`, the coin's radius in its largest readable view
 * (the sample catalog's dates reach the 14 pixels dates are read from at about 80 px of radius; see
 * docs/api.md), and `kin`, whether the catalog lists other entries of its type, which only a date,
 * a mint mark or the metal tell apart.
 */
interface IdentityBreakdown {
  size: Record<string, Rate>;
  kin: Record<string, Rate>;
  /** Coins of a type listed more than once (which their dates tell apart), by how high their date is printed. */
  datePrint: Record<string, Rate>;
  /** The catalog's entries of each coin type, counted once. */
  entriesOfType: ReadonlyMap<string, number>;
  /** How high each entry's date is printed, in units of its radius (none where the catalog's faces show none the reader found). */
  printOf: ReadonlyMap<string, number>;
}

/**
 * The band of a date printed `pixels` high: the engine reads dates from 14 pixels (its minPrintPixels);
 * under 8 pixels a digit is a few pixels wide.
 */
function datePrintBand(pixels: number | null): string {
  return pixels === null ? 'no date on its catalog faces' : pixels < 8 ? 'date under 8 px high' : pixels < 14 ? 'date 8-14 px high' : 'date 14 px high and over';
}

function sizeBand(radius: number): string {
  return radius < 20 ? 'radius under 20 px' : radius < 40 ? 'radius 20-40 px' : radius < 80 ? 'radius 40-80 px' : 'radius 80 px and over';
}

const breakdown = (tallies: Record<string, Rate>) => Object.fromEntries(Object.entries(tallies).sort(([a], [b]) => a.localeCompare(b)).map(([k, r]) => [k, `${r.hits}/${r.total}`]));

/** A coin identity as answered: null where Assay withholds a field (an unread date's year, say). */
type AnsweredIdentity = { name: string | null; type: string | null; variant: string | null; year: string | null; mint: string | null; confidence: number };
/** What a named coin's identity states, each field to be true. */
const statedFields = ['type', 'variant', 'year', 'mint'] as const;
/** Whether every field the answer states (does not withhold) is the truth's. */
const statesOnly = (answer: Pick<AnsweredIdentity, (typeof statedFields)[number]>, truth: Record<(typeof statedFields)[number], string | null>) => statedFields.every((field) => answer[field] === null || answer[field] === truth[field]);

/** The truth coin a view shows: the one whose centre is nearest the found coin's, within its radius. */
function truthOf(request: CoinSetRequest, recognition: CoinRecognition, imageIndex: number, coinIndex: number): CoinTruth | null {
  const photo = request.photos[imageIndex];
  const found = recognition.images.find((i) => i.index === imageIndex)?.coins[coinIndex];
  if (!photo || !found) return null;
  let best: CoinTruth | null = null;
  for (const coin of photo.coins) {
    const d = Math.hypot(coin.centre[0] - found.x, coin.centre[1] - found.y);
    if (d < coin.radius * sameCoinShare && (!best || d < Math.hypot(best.centre[0] - found.x, best.centre[1] - found.y))) best = coin;
  }
  return best;
}

function scoreCoins(
  request: CoinSetRequest,
  recognition: CoinRecognition,
  result: EngineResult | null,
  entries: Map<string, CoinEntry>,
  spot: Awaited<ReturnType<typeof loadSpotPrices>>,
  score: Scores,
  identityByCondition: ReturnType<typeof conditionTally>,
  identityBy: IdentityBreakdown,
  identityReliability: ReturnType<typeof reliability>,
  onIdentity?: CoinAccuracyOptions['onIdentity'],
  onCalibrationSample?: CalibrationSink,
) {
  // Each coin's identity is also counted under the conditions of the request's first photo.
  const first = request.photos[0];
  // Count: every group overview photo, readable coins found against coins shown.
  for (const [index, photo] of request.photos.entries()) {
    if (photo.presentation !== 'group') continue;
    const seen = recognition.images.find((i) => i.index === index);
    count(score.count, seen?.readable.length === photo.coins.length);
  }

  const physical = [...recognition.coins, ...recognition.rollCoins];
  const coinIdsOf = (coin: PhysicalCoin) => coin.views.map((v) => truthOf(request, recognition, v.imageIndex, v.coin)?.coin_id ?? null);
  const assessable = new Set(request.assessable_coin_ids);

  // Pairing: in a group, each coin's two faces (one per overview photo) must form one physical coin.
  if (request.presentation === 'group') {
    for (const coinId of assessable) {
      const holding = physical.filter((c) => coinIdsOf(c).includes(coinId));
      count(score.pairing, holding.length === 1 && coinIdsOf(holding[0]!).filter((id) => id === coinId).length === 2 && coinIdsOf(holding[0]!).every((id) => id === coinId));
    }
  }

  // Identity and melt: each assessable catalog coin must come back, named right, with its melt value.
  const items = (result?.items ?? []) as CoinItem[];
  // Where each item says its coin is: every circle on one and the same true coin.
  for (const item of items) {
    const shown = (item.location ?? []).map((place) => request.photos[place.image_index]?.coins.find((coin) => circleIs(place, coin))?.coin_id);
    count(score.location, shown.length > 0 && shown.every((id) => id !== undefined && id === shown[0]));
  }
  const answered = new Map<string, Record<string, unknown>>();
  // One item per physical coin, in order, named or not (an unnamed one has an identity of nulls).
  const coins = result ? (recognition.coins.some((c) => !c.ancient) ? recognition.coins.filter((c) => !c.ancient) : recognition.rollCoins.filter((c) => !c.ancient)) : [];
  for (const [itemIndex, coin] of coins.entries()) {
    const item = items[itemIndex];
    const identity = item?.identity as AnsweredIdentity | undefined;
    if (!item || !identity) continue;
    const top = coin.candidates[0];
    const entryId = identity.name === null ? null : top?.entryId ?? null;
    if (entryId !== null && identity.type !== entries.get(entryId)?.identity.type) throw new Error(`item ${itemIndex} does not follow the physical coins' order`);
    const ids = coinIdsOf(coin).filter((id): id is string => id !== null);
    for (const id of ids) answered.set(id, { ...item, entryId });
    // Every identity answered, right when what it says of the coin its views show is true (a field
    // it withholds says nothing); "none of the catalog's" is right for a coin it does not list.
    const shown = request.photos.flatMap((p) => p.coins).find((c) => c.coin_id === ids[0]);
    const truth = shown?.entry_id ? entries.get(shown.entry_id)?.identity ?? null : null;
    const saysTrue = shown !== undefined && (identity.name === null ? truth === null : truth !== null && statesOnly(identity, truth));
    identityReliability.count(identity.confidence, saysTrue);
    if (onCalibrationSample) {
      if (identity.name === null) onCalibrationSample({ map: 'unnamed', raw: coin.unlisted, right: saysTrue });
      else {
        const closestEntry = entries.get(top!.entryId)!;
        const closest = closestEntry.identity;
        // Named by its design (an unread date), the answer stands on the design's coins together, as the engine weighs them.
        const ofDesign = identity.name !== closest.name;
        const raw = ofDesign ? designProbability(coin, kinOf(closestEntry, entries)) : top!.confidence;
        onCalibrationSample({ map: 'named', raw, right: saysTrue });
        // How often the closest of a design's several coins is the coin when its date is not read,
        // whichever way the answer went.
        if (coin.date.state !== 'read' && closest.type !== null && (identityBy.entriesOfType.get(closest.type) ?? 0) > 1) {
          onCalibrationSample({ map: 'closest', raw: top!.confidence, right: shown?.entry_id === top!.entryId });
        }
      }
    }
  }
  const scored = new Set<string>();
  for (const photo of request.photos) {
    for (const coin of photo.coins) {
      if (!assessable.has(coin.coin_id) || !coin.entry_id || scored.has(coin.coin_id)) continue;
      scored.add(coin.coin_id);
      const item = answered.get(coin.coin_id);
      // A coin whose entry the engine was not given is right answered as none of the catalog's.
      if (!entries.has(coin.entry_id)) {
        count(score.unlisted, item !== undefined && item.entryId === null);
        continue;
      }
      // Right when type, variant, year and mint are all the coin's: one withheld is not right.
      const answer = item?.identity as AnsweredIdentity | undefined;
      const truth = entries.get(coin.entry_id)!.identity;
      const right = item?.entryId === coin.entry_id && answer !== undefined && statedFields.every((field) => answer[field] === truth[field]);
      count(score.identity, right);
      // Truthful: named, and every field it states is the coin's (a design named with its date's fields withheld is).
      count(score.truthful, answer !== undefined && answer.name !== null && statesOnly(answer, truth));
      count(score.withheld, answer !== undefined && answer.name !== null && answer.year === null);
      identityByCondition.count(first?.conditions, first ? first.holder !== null : null, right);
      const radius = Math.max(...request.photos.flatMap((p) => p.coins.filter((c) => c.coin_id === coin.coin_id && c.readable).map((c) => c.radius)), coin.radius);
      count((identityBy.size[sizeBand(radius)] ??= rate()), right);
      count((identityBy.kin[identityBy.entriesOfType.get(truth.type) === 1 ? 'only entry of its type' : 'type listed more than once'] ??= rate()), right);
      if ((identityBy.entriesOfType.get(truth.type) ?? 0) > 1) {
        const print = identityBy.printOf.get(coin.entry_id);
        count((identityBy.datePrint[datePrintBand(print === undefined ? null : print * radius)] ??= rate()), right);
      }
      if (onIdentity) {
        const holding = physical.filter((c) => coinIdsOf(c).includes(coin.coin_id));
        const detail = holding.map((c) => `[${c.views.length} views ${c.views.map((v) => `${v.imageIndex}:${v.coin}=${truthOf(request, recognition, v.imageIndex, v.coin)?.coin_id === coin.coin_id ? 'ok' : 'other'}`).join(',')} top ${c.candidates[0]?.entryId} ${c.candidates[0]?.score} ancient=${c.ancient}]`).join(' ');
        const kinds = recognition.images.map((i) => `${i.kind}/${i.readable.length}of${i.coins.length}`).join(',');
        onIdentity(coin.entry_id, (item?.entryId as string | undefined) ?? null, request.presentation, `${kinds} truth-coins=${request.photos.map((p) => p.coins.length).join(',')} ${detail || 'not held'}`);
      }
      if (right) {
        const valuation = item!.valuation as { melt_value: number | null };
        count(score.melt, valuation.melt_value === meltValue(entries.get(coin.entry_id)!, spot));
      }
    }
  }
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
