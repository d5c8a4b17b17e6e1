import { createPaddleTextReader, createWorkerPool, type Photo, type ReadLine, type TextImage, type TextLineReader, type WorkerPool } from '@assay/pixels';
import { classifyCoinPhoto } from './classify-photo.ts';
import { coinAnalysis } from './coin-job.ts';
import type { CoinDateReading, CoinPhotoRecognition, CoinRecognition, CoinRecognizer, CoinView, EntryCandidate, PhysicalCoin } from './coin-recognizer.ts';
import { dateEvidence, plausibleYears, yearFitFloor, type YearFit } from './identify/coin-date.ts';
import type { CoinReferences } from './identify/coin-references.ts';
import { coinPhotoQualityIssues } from './quality/coin-photo-quality.ts';
import type { CoinFaceCandidate, CoinFaceReference, ScoreBackground } from './identify/match-coin.ts';
import { pairCoins } from './pair-coins.ts';

export interface CatalogCoinRecognizerOptions {
  /**
   * Workers that analyse the photos, shared with other categories (their script serves `coinJobs`);
   * by default ones of its own, closed with it.
   */
  workers?: WorkerPool;
  /**
   * Reads the references again, for a worker started after this (one replacing a worker that
   * stopped). Given, the faces are not kept on this thread: only the workers match against them.
   */
  reloadReferences?: () => Promise<CoinReferences>;
  /** Reads coins' dates; by default a PaddleOCR reader (createPaddleTextReader) owned and closed here. */
  textReader?: TextLineReader;
}

/** The catalog's year and mint of each entry (CoinReferences.dates). */
type EntryDates = CoinReferences['dates'];

/** What pairing reads of a catalog face: its detail energies, that a photographed coin's are compared to. */
type FaceDetail = Pick<CoinFaceReference['features'], 'fine' | 'broad'>;

/**
 * Below this score nothing in the catalog looks like the coin, whatever the background (see
 * likeNoneBelow). Set on the tuning seeds 1100 and 1200:
 * small or worn coins in group photos are often matched right at 0.2–0.3, and 0.3 threw them away.
 */
const minScore = 0.2;
/**
 * A coin is also like none of the catalog's when its best match stands less than the background's
 * spread and this much above the mean score of the catalog's other designs (matchCoin's
 * ScoreBackground): a design the catalog lacks but draws alike (one portrait for another) scores as
 * well as a listed one, and stands out of the rest no more than they do of each other. Measured on development seeds 1183–1186
 * (`faces=small`, single coins and groups, square on and with every light and camera axis widened;
 * five designs left out of the catalog as unlisted coins; a scratch script over the views'
 * scores): of 493 coins whose design is listed, 475 stood above the fixed 0.2 and 470 above the
 * background's mean + spread + 0.05; of 217 unlisted coins, 182 stood above 0.2 and 77 above it
 * (wrong designs named 28 and 14); under both bars (likeNoneBelow), 460 and 70 (11). Sensitivity:
 * + 0 kept 489 designs and named 131 unlisted coins; + 0.1, 455 and 45; mean + 2 spreads, 359 and 31.
 */
const backgroundMargin = 0.05;
/**
 * Softmax temperature turning score gaps into probabilities: the likelihood-best value on tuning
 * seeds 1009–1010 (about 0.05–0.07), where the mean confidence stays a little under the accuracy.
 */
const temperature = 0.05;
/**
 * An ancient coin is told by its hand-struck flan: a rim lumpier than the ellipse any camera tilt
 * makes of a round coin (flanLumpiness) in every view that measures it, on a coin that resembles no
 * catalog face well (best score under `ancientScore`, so a listed coin whose rim was measured badly
 * stays itself). Failing to match alone never makes a coin ancient: a modern coin the catalog does not
 * list is an unidentified coin. Lumpy is `ancientLumpiness` of the radius and `ancientLumpPixels`
 * pixels or more: a small coin's rim is located to about a pixel, which is a large share of its radius.
 * Set on tuning seeds 1300–1329, each photo also squashed to 0.9 of its height as a 25° tilt does
 * (a scratch script over generatedCoinRequest and analyseCoinPhoto): modern rims stray 0.3–1.5 px
 * (52 of 60 photos), ancient flans 1.2–62 px; at 0.008, 39 of 45 ancient photos and 5 of 60 modern
 * ones reach it, at 0.012 34 and 4, at 0.02 11 and 3. Only a rim that was found is judged: one
 * straying from its circle by `fittedRim` or more (irregularity) is the table's texture or a shadow
 * taken for the rim, not a flan; on the same photos ancient flans stray 0.109 at most but one (0.141).
 * The pixel floor and the fitted-rim bar were added when the held-out split showed modern single coins
 * on textured tables taken for ancient (test/bench/README.md). `ancientScore`: single modern coins
 * score 0.28 and more on tuning seeds 1300 and 1500, ancient coins under 0.3.
 */
const ancientLumpiness = 0.008;
const ancientLumpPixels = 2;
const fittedRim = 0.12;
const ancientScore = 0.35;

/** A CoinRecognizer that matches photos against the catalog's coin faces. */
export function createCatalogCoinRecognizer(references: CoinReferences, options: CatalogCoinRecognizerOptions = {}): CoinRecognizer {
  const workers = options.workers ?? createWorkerPool(new URL('./coin-worker.ts', import.meta.url));
  const { reloadReferences } = options;
  const analyse = coinAnalysis(workers, references.faces, reloadReferences && (async () => (await reloadReferences()).faces));
  // Only these small parts stay here (no closure below reads `references`, so the faces can go).
  const faces = new Map<string, FaceDetail>(references.faces.map((f) => [`${f.entryId}/${f.face}`, { fine: f.features.fine, broad: f.features.broad }]));
  const diameters = references.diameters;
  const dates = references.dates;
  const reader = options.textReader ?? createPaddleTextReader();
  const readCoinDate = async (crops: TextImage[] | 'too_small' | null): Promise<CoinDateReading> => {
    if (!crops) return { state: 'not_sought' };
    if (crops === 'too_small') return { state: 'unread', printedTooSmall: true, fit: null };
    // Each crop is read only while the ones before it read no year (dateCrops: a read costs ~25 ms).
    const lines: ReadLine[] = [];
    let evidence: ReturnType<typeof dateEvidence> = { read: null, fit: null };
    for (const crop of crops) {
      lines.push(await reader.readLine(crop, plausibleYears()));
      evidence = dateEvidence(lines);
      if (evidence.read) break;
    }
    const { read, fit } = evidence;
    return read ? { state: 'read', ...read, fit } : { state: 'unread', printedTooSmall: false, fit };
  };
  let closed = false;
  return {
    async recognizeCoins(images: Photo[]): Promise<CoinRecognition> {
      if (closed) throw new Error('the coin recognizer is closed');
      const photos = await Promise.all(images.map(async (image): Promise<CoinPhotoRecognition> => {
        try {
          const result = await analyse(image.bytes);
          // The photo's kind is told from every circle found, as its cues were set; the coins
          // assessed and located are those whose rims stand out of the table (FoundCoin.standsOut).
          const { kind, readable } = classifyCoinPhoto(result);
          const kept = result.coins.flatMap((coin, i) => (coin.standsOut ? [i] : []));
          const keptAt = new Map(kept.map((was, now) => [was, now]));
          const coins = await Promise.all(kept.map(async (i) => {
            const { dateCrops, ...coin } = result.coins[i]!;
            return { ...coin, date: await readCoinDate(dateCrops) };
          }));
          const classified = { kind, readable: readable.flatMap((i) => (keptAt.has(i) ? [keptAt.get(i)!] : [])) };
          const datesTooSmall = classified.readable.some((i) => printedTooSmall(coins[i]!.date));
          const qualityIssues = coinPhotoQualityIssues(image.bytes, result.blurSpread, result, datesTooSmall);
          return { index: image.index, ...classified, width: result.width, height: result.height, coins, failed: false, qualityIssues };
        } catch {
          return { index: image.index, kind: 'none', width: 0, height: 0, coins: [], readable: [], failed: true, qualityIssues: coinPhotoQualityIssues(image.bytes, null, null) };
        }
      }));
      for (const photo of photos) rescoreBySize(photo, diameters);
      const flat = photos.filter((p) => p.kind === 'coins');
      const { coins, pairing } = physicalCoins(flat, faces, dates);
      const rollCoins = physicalCoins(photos.filter((p) => p.kind === 'roll'), faces, dates).coins;
      return { images: photos, coins, rollCoins, pairing };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!options.workers) await workers.close();
      if (!options.textReader) await reader.close();
    },
  };
}

/**
 * The physical coins of some photos of one layout: the photo with the most readable coins anchors
 * them, every other photo's coins are paired to it by layout; coins left unpaired stand alone.
 */
function physicalCoins(photos: CoinPhotoRecognition[], faces: Map<string, FaceDetail>, dates: EntryDates): { coins: PhysicalCoin[]; pairing: CoinRecognition['pairing'] } {
  if (photos.length === 0) return { coins: [], pairing: null };
  const anchor = photos.reduce((a, b) => (b.readable.length > a.readable.length ? b : a));
  const groups: CoinView[][] = anchor.readable.map((i) => [view(anchor, i)]);
  let pairing: CoinRecognition['pairing'] = null;
  for (const photo of photos) {
    if (photo === anchor) continue;
    const placed = (p: CoinPhotoRecognition) => p.readable.map((i) => p.coins[i]!);
    // One coin in each photo: the same coin, however it was put down again.
    const result = anchor.readable.length === 1 && photo.readable.length === 1
      ? { pairs: [[0, 0]] as [number, number][], mirrored: false }
      : pairCoins(placed(anchor), placed(photo));
    const paired = new Set<number>();
    for (const [a, b] of result.pairs) {
      groups[a]!.push(view(photo, photo.readable[b]!));
      paired.add(b);
    }
    photo.readable.forEach((i, k) => paired.has(k) || groups.push([view(photo, i)]));
    if (!pairing) {
      pairing = { photos: [anchor.index, photo.index], paired: result.pairs.length, unpaired: anchor.readable.length + photo.readable.length - 2 * result.pairs.length, mirrored: result.mirrored };
    }
  }
  return { coins: groups.map((views) => physicalCoin(views, photos, faces, dates)), pairing };
}

/** Score lost per unit of |log(size ratio)| between a coin and a candidate at the photo's scale. */
const sizeWeight = 2;

/**
 * Coins photographed together share one scale (pixels per mm): estimated from every readable
 * coin's best match, it then tells a dime from a cent the same way a person would, by size.
 * With fewer than two readable coins there is no scale to compare against.
 */
function rescoreBySize(photo: CoinPhotoRecognition, diameters: Record<string, number>) {
  const coins = photo.readable.map((i) => photo.coins[i]!).filter((c) => c.candidates.length > 0);
  if (coins.length < 2) return;
  const scales = coins.flatMap((c) => {
    const d = diameters[c.candidates[0]!.entryId];
    return d ? [c.r / (d / 2)] : [];
  }).sort((a, b) => a - b);
  if (scales.length < 2) return;
  const scale = scales[scales.length >> 1]!;
  for (const coin of coins) {
    coin.candidates = coin.candidates
      .map((c) => {
        const d = diameters[c.entryId];
        return d ? { ...c, score: Math.round((c.score - sizeWeight * Math.abs(Math.log(coin.r / (scale * (d / 2))))) * 1000) / 1000 } : c;
      })
      .sort((a, b) => b.score - a.score);
  }
}

function view(photo: CoinPhotoRecognition, coin: number): CoinView {
  return { imageIndex: photo.index, coin, candidates: photo.coins[coin]!.candidates };
}

/** Candidate identities a coin reports, best first: the contract's alternatives for a reviewer. */
const candidatesReported = 5;

/**
 * A coin's identity over all its views: each entry scores the mean of its best face per view, and
 * a date read off the coin weighs for the entries struck that year (and mint) and against the rest.
 */
function physicalCoin(views: CoinView[], photos: CoinPhotoRecognition[], faces: Map<string, FaceDetail>, dates: EntryDates): PhysicalCoin {
  const coinOf = (v: CoinView) => photos.find((p) => p.index === v.imageIndex)!.coins[v.coin]!;
  const readings = views.map((v) => coinOf(v).date);
  const fit = combinedFit(readings);
  const date = surestDate(readings, fit);
  const entries = new Set(views.flatMap((v) => v.candidates.map((c) => c.entryId)));
  const viewCandidates = views.map((v) => textOverRelief(v.candidates, date, dates));
  const best = [...entries].map((entryId) => ({
    entryId,
    score: viewCandidates.reduce((s, candidates) => s + Math.max(0, ...candidates.filter((c) => c.entryId === entryId).map((c) => c.score)), 0) / views.length,
  }));
  const top = Math.max(0, ...best.map((s) => s.score));
  const scored = best
    .map((s) => ({ ...s, weight: Math.exp((s.score - top) / temperature) * dateLikelihood(date, fit, dates[s.entryId]) }))
    .sort((a, b) => b.weight - a.weight);
  // Two ways to be none of the catalog's coins: a coin like none of them, or the best match's design
  // struck in a year the catalog does not list, which only its date tells apart (an unlisted coin
  // can carry any date: a print that fits a year no listed entry carries is what makes it likely).
  const noneOfThem = Math.exp((likeNoneBelow(views.map((v) => coinOf(v).background)) - top) / temperature);
  const listedYears = new Set(best.flatMap((s) => dates[s.entryId]?.year ?? []));
  const otherDate = otherDatePrior * (fit ? Math.exp(bestFitExcept(fit, listedYears)) : 1);
  const total = scored.reduce((a, s) => a + s.weight, 0) + noneOfThem + otherDate;
  const candidates: EntryCandidate[] = scored.slice(0, candidatesReported).map((s) => ({ entryId: s.entryId, score: round(s.score), confidence: round(s.weight / total) }));

  const measured = views.map((v) => {
    const coin = coinOf(v);
    const face = v.candidates.find((c) => c.entryId === candidates[0]?.entryId);
    const reference = face ? faces.get(`${face.entryId}/${face.face}`) : undefined;
    return { coin, reference };
  });
  const withReference = measured.filter((m) => m.reference);
  const mean = (values: number[]) => (values.length > 0 ? round(values.reduce((a, b) => a + b, 0) / values.length) : null);
  // The flan is one lump seen from both sides: every view that shows enough of it must show it lumpy.
  const shapes = measured.flatMap(({ coin }) => (coin.lumpiness === null || coin.irregularity >= fittedRim ? [] : [coin.lumpiness >= ancientLumpiness && coin.lumpiness * coin.r >= ancientLumpPixels]));
  const lumpy = shapes.length > 0 && shapes.every(Boolean);
  // Ancient coins come one to a photo here; in a group a small coin's rim is too coarse to judge.
  const alone = views.every((v) => photos.find((p) => p.index === v.imageIndex)!.readable.length === 1);
  return {
    views,
    candidates,
    unlisted: round((noneOfThem + otherDate) / total),
    ancient: alone && top < ancientScore && lumpy,
    date,
    sharpness: mean(withReference.map((m) => m.coin.fine / Math.max(1e-6, m.reference!.fine))),
    contrast: mean(withReference.map((m) => m.coin.broad / Math.max(1e-6, m.reference!.broad))),
  };
}

/**
 * The score under which a coin is like none of the catalog's, over its views: under `minScore`, or
 * standing less than `backgroundMargin` above the background. Both: a coin drawn in another style
 * than the catalog's (another country's coins against this one's) scores low against every face, and
 * its best match can then stand out of a background as low as itself.
 */
function likeNoneBelow(backgrounds: readonly (ScoreBackground | null)[]): number {
  if (backgrounds.length === 0 || backgrounds.some((b) => b === null)) return minScore;
  return Math.max(minScore, backgrounds.reduce((sum, b) => sum + b!.mean + b!.spread + backgroundMargin, 0) / backgrounds.length);
}

/**
 * A view's candidates once the coin's date is read as text: the coins of its design struck in the
 * year read are not held back by the date and mint-mark relief (CoinFaceCandidate.relief) against
 * another year's; the reader's fit weighs the years instead (dateLikelihood), and the relief still
 * ranks that year's coins among themselves (their mint marks). The relief compares a few pixels of
 * the photo with the catalog's images where they differ and needs the rim and rotation exact: on
 * held-out photos a loonie whose reverse read "2005" was answered as the 2015 one, the relief taking
 * 0.45 from 2005's score (e^−9 as a weight) where the reader gave 2015 e^−3.4. The other coins keep
 * their relief: matching's "design" can take in another type with a like face (a Mercury dime beside
 * a Roosevelt one), which a year read says nothing about.
 */
function textOverRelief(candidates: readonly CoinFaceCandidate[], date: CoinDateReading, dates: EntryDates): readonly CoinFaceCandidate[] {
  if (date.state !== 'read') return candidates;
  const ofYearRead = (c: CoinFaceCandidate) => c.relief !== null && dates[c.entryId]?.year === date.year;
  const heldBack = Math.min(...candidates.filter(ofYearRead).map((c) => c.relief!));
  return Number.isFinite(heldBack) ? candidates.map((c) => (ofYearRead(c) ? { ...c, score: c.score + heldBack } : c)) : candidates;
}

/**
 * The surest date read over a coin's views; else 'unread' when any view sought one (printed too small
 * when every view that sought it printed it so: one large enough that failed says the size was not all),
 * with the views' `fit` (combinedFit), else 'not_sought'.
 */
function surestDate(readings: readonly CoinDateReading[], fit: YearFit | null): CoinDateReading {
  const read = readings.flatMap((r) => (r.state === 'read' ? [r] : []));
  if (read.length > 0) return read.reduce((a, b) => (b.score > a.score ? b : a));
  const unread = readings.filter((r) => r.state === 'unread');
  return unread.length > 0 ? { state: 'unread', printedTooSmall: unread.every(printedTooSmall), fit } : { state: 'not_sought' };
}

const printedTooSmall = (date: CoinDateReading) => date.state === 'unread' && date.printedTooSmall;

/**
 * How much likelier a mint letter is read as it was off a coin struck at another mint than off one
 * struck there: wrong reads over right ones among the dates `readDate` takes as read, on tuning
 * seeds (see its `minCharacterScore`): none wrong of 108, so ½ over 108½.
 */
const misreadOdds = 0.005;

/**
 * Prior weight, against the best match's own, that the coin is the best match's design struck in a
 * year the catalog does not list. Not measurable on the generator, which re-dates coins only in date
 * runs; a product assumption (a catalog lists a few years of a design struck for decades), kept
 * small. Sensitivity: a coin whose date print reads as no year keeps at most 1/(1 + prior) of its
 * confidence (95%); a print that fits an unlisted year better than every listed one by a factor f
 * makes the coin unlisted with probability prior·f/(prior·f + 1): 0.84 at f = e^4.6 (a digit read
 * sure at the reader's temperature), and over 0.5 from f = 20.
 */
const otherDatePrior = 0.05;

/**
 * How likely the coin's date print is for an entry, against the year that fits it best (1): its
 * year's fit over the coin's views, and a mint letter read against the entry's mint. 1 when no
 * print was read as a year or the entry carries no year.
 */
function dateLikelihood(date: CoinDateReading, fit: YearFit | null, entry: EntryDates[string] | undefined): number {
  if (!entry?.year) return 1;
  const year = fit ? Math.exp(fit[entry.year] ?? yearFitFloor) : 1;
  const mintMisread = date.state === 'read' && date.year === entry.year && date.mint !== null && entry.mint !== date.mint;
  return year * (mintMisread ? misreadOdds : 1);
}

/**
 * The years' fits over a coin's views (each view's print is read apart: their log likelihoods add),
 * against the best year again; null when no view's print reads as a year.
 */
function combinedFit(readings: readonly CoinDateReading[]): YearFit | null {
  const fits = readings.flatMap((r) => (r.state !== 'not_sought' && r.fit ? [r.fit] : []));
  if (fits.length <= 1) return fits[0] ?? null;
  const years = new Set(fits.flatMap((f) => Object.keys(f)));
  const summed = [...years].map((year) => [year, fits.reduce((s, f) => s + (f[year] ?? yearFitFloor), 0)] as const);
  const best = Math.max(...summed.map(([, v]) => v));
  return Object.fromEntries(summed.flatMap(([year, v]) => (v - best >= yearFitFloor ? [[year, round(v - best)]] : [])));
}

/** The best fit among the years not in `listed` (the floor when none of them is among the fits). */
function bestFitExcept(fit: YearFit, listed: ReadonlySet<string>): number {
  let best = yearFitFloor;
  for (const [year, value] of Object.entries(fit)) if (!listed.has(year) && value > best) best = value;
  return best;
}

const round = (v: number) => Math.round(v * 1000) / 1000;
