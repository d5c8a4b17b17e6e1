import { luma, sampleGray, sampleRgb, type ReadLine, type RgbImage, type TextImage, type TextLine } from '@assay/pixels';
import { boxBlur } from './coin-detail.ts';
import { discPoint, type CoinDisc } from './coin-disc.ts';

/*
 * A coin's date read as text. The catalog's reference faces are read once, at import: where a face
 * carries its entry's year is where the text reader found that year (a region in units of the
 * coin's radius, upright): a straight line's box, or an arc of the rim when the date is struck along
 * it as legends are (read off the face unwrapped into a strip). A photographed coin, once its design
 * and rotation are known, is cut out there, turned upright (an arc straightened) and read with the
 * same reader; the year (and a mint letter beside it) read is then evidence for the entries struck
 * that year and against the others.
 */

/** Where a reference face carries its date in a straight line: a box around the coin's centre in units of its radius, x right and y down, upright. */
export type DateBox = [x0: number, y0: number, x1: number, y1: number];

/**
 * Where a reference face carries its date along the rim: between `inner` and `outer` (units of the
 * radius) from angle `from` to `to` (degrees clockwise from up, upright, `from` < `to`). Legends read
 * left to right either way: along the top of a coin clockwise with the letters' tops toward the rim
 * (`outward`), along the bottom anticlockwise with their tops toward the centre (`inward`).
 */
export interface DateArc {
  from: number;
  to: number;
  inner: number;
  outer: number;
  tops: 'outward' | 'inward';
}

export type DateRegion = DateBox | DateArc;

/** A year as coins carry it: four digits, 1500–2099 (anything else read there is not a date). */
const yearPattern = /(?<![0-9])(1[5-9][0-9]{2}|20[0-9]{2})(?![0-9])/;
const earliestYear = 1500;

/**
 * The box of the reference face's text that reads `year`, from the lines a text reader found in the
 * face's image (`size` pixels square, the coin's disc `disc` of it); null when the year was not
 * found on this face (it is on the other one, or on a curved legend the reader cannot follow).
 */
export function dateBoxOf(lines: readonly TextLine[], year: string, size: number, disc: number): DateBox | null {
  const line = lines.find((l) => yearPattern.exec(l.text)?.[1] === year);
  if (!line) return null;
  const r = (size * disc) / 2;
  const at = (v: number) => Math.round(((v - size / 2) / r) * 1000) / 1000;
  return [at(line.box.x0), at(line.box.y0), at(line.box.x1), at(line.box.y1)];
}

/**
 * A date printed fewer photo pixels high than this is not read. Measured on tuning seeds (individual
 * coins 1340–1439, groups 1300–1329; a scratch script over generatedCoinRequest, the match's date box
 * and the reader): coins under 80 px in radius, whose dates are under about 14 px high, read 15 dates
 * right and 8 wrong (84 not at all); larger ones 115 right and 6 wrong.
 */
const minPrintPixels = 14;

/** Whether a coin of radius `r` photo pixels shows the date in `region` large enough to read. */
export function legibleDate(region: DateRegion, r: number): boolean {
  return printHeightOf(region) * r >= minPrintPixels;
}

/** How high the print of a date region is, in units of the radius. */
export const printHeightOf = (region: DateRegion) => (isArc(region) ? region.outer - region.inner : region[3] - region[1]);

const isArc = (region: DateRegion): region is DateArc => !Array.isArray(region);

/**
 * The date is cut out with this much more around its box, in box heights: each side for a mint
 * letter set beside the year, above and below for the rotation and the rim's fit being a degree or a
 * few per cent off. Chosen on tuning seeds 1300–1339 (40 dated faces, read as one line): each side
 * 0.6, 1.2 or 2 read 26, 24 and 22 dates right (alike within their noise), above and below 0.3 read
 * 24 right and none wrong, 0.6 13 right and 4 wrong (more of the design beside the date is read with it).
 */
const sideMargin = 1.2;
const edgeMargin = 0.3;
/** The date's print is resampled to this many pixels high, a little under the recogniser's input of 48. */
const printHeight = 40;

/**
 * The photo's coin (centre x, y and radius r, in the photo's pixels) cut out around a reference's
 * date region, upright (`rotation`: degrees clockwise the design is turned in the photo; an arc
 * straightened), in grey with its contrast stretched, twice: as the photo shows it, then as its
 * relief (see `relief`). The text reader reads them in that order until one reads as a year
 * (dateEvidence). Each reads dates the other misses: on development seed 1310 (the tuning world,
 * 76 legible dates of coins matched to their design; a scratch script over analyseCoinPhoto, the
 * match's date region and the reader) the grey read 38 right, the relief 37, either 43 (1 wrong
 * each way); on the held-out catalog's faces, 13, 11 and 13 of 43. The grey keeps a serif digit's
 * strokes whole where the relief leaves their outlines ("1965" read "1963"); the relief keeps
 * print on a coin shaded across the crop. A second read costs about 25 ms, and is made only when
 * the first reads no year.
 */
export function dateCrops(image: RgbImage, coin: CoinDisc, rotation: number, region: DateRegion): TextImage[] {
  const { width, height, at } = printLayout(region);
  const point = discPoint(coin);
  const turn = (rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const values = new Float32Array(width * height);
  const rgb = new Float64Array(3);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const [u, v] = at(i, j);
      // Upright (u, v) turned clockwise by the coin's rotation (y grows downwards).
      sampleRgb(image, ...point(u * cos - v * sin, u * sin + v * cos), rgb);
      values[j * width + i] = luma(rgb[0]!, rgb[1]!, rgb[2]!);
    }
  }
  return [{ width, height, data: stretched(values) }, { width, height, data: stretched(relief(values, width, height)) }];
}

/**
 * The crop read around a date region, `printHeight` pixels to the print's height with the margins
 * around it: its size, and where its pixel (i, j) lies on the upright design (units of the radius).
 * An arc's margins are the same share of its print's height, along the arc at its middle radius.
 */
function printLayout(region: DateRegion): { width: number; height: number; at: (i: number, j: number) => [number, number] } {
  const print = printHeightOf(region);
  const scale = printHeight / print;
  if (isArc(region)) {
    const mid = (region.inner + region.outer) / 2;
    const side = ((sideMargin * print) / mid) * (180 / Math.PI);
    const arc: DateArc = { ...region, from: region.from - side, to: region.to + side, inner: region.inner - edgeMargin * print, outer: region.outer + edgeMargin * print };
    const width = Math.max(1, Math.round(((arc.to - arc.from) * Math.PI) / 180 * mid * scale));
    const height = Math.max(1, Math.round((arc.outer - arc.inner) * scale));
    return { width, height, at: (i, j) => arcPoint(arc, (i + 0.5) / width, (j + 0.5) / height) };
  }
  const [u0, u1] = [region[0] - sideMargin * print, region[2] + sideMargin * print];
  const [v0, v1] = [region[1] - edgeMargin * print, region[3] + edgeMargin * print];
  const width = Math.max(1, Math.round((u1 - u0) * scale));
  const height = Math.max(1, Math.round((v1 - v0) * scale));
  return { width, height, at: (i, j) => [u0 + ((i + 0.5) / width) * (u1 - u0), v0 + ((j + 0.5) / height) * (v1 - v0)] };
}

/**
 * Where the print of an arc at (`along`, `down`) lies on the upright design, in units of the radius:
 * `along` 0..1 in reading order (left to right), `down` 0..1 from the letters' tops to their feet.
 */
function arcPoint(arc: DateArc, along: number, down: number): [number, number] {
  const outward = arc.tops === 'outward';
  const angle = outward ? arc.from + along * (arc.to - arc.from) : arc.to - along * (arc.to - arc.from);
  const radius = outward ? arc.outer - down * (arc.outer - arc.inner) : arc.inner + down * (arc.outer - arc.inner);
  const t = (angle * Math.PI) / 180;
  return [radius * Math.sin(t), -radius * Math.cos(t)];
}

/**
 * The rim's annulus a reference face's legends are looked for in when no straight line carries its
 * year, once for each way letters stand: 540° from the top, so a legend of up to 180° lies whole in
 * the strip wherever it starts. Its radii, in units of the coin's: legends run inside the rim, a
 * tenth to a third of the radius deep (hand-set when written; a date deeper in is struck straight).
 */
const legendStrips: readonly DateArc[] = (['outward', 'inward'] as const).map((tops) => ({ from: 0, to: 540, inner: 0.55, outer: 1, tops }));

/** Detection reads at most this long a side (the Paddle reader's): a strip is unwrapped no longer. */
const stripMaxWidth = 960;

/**
 * A reference face's rim unwrapped into upright strips of text, one for each way letters stand
 * (`legendStrips`), from the face's grey image (square, the coin's disc `disc` of its side): legends
 * along the rim then read as lines. Each with the annulus it was unwrapped from, for dateArcOf.
 */
export function unwrappedRim(face: TextImage, disc: number): { strip: DateArc; image: TextImage }[] {
  const r = (face.width * disc) / 2;
  const values = Float32Array.from(face.data);
  return legendStrips.map((strip) => {
    const mid = ((strip.inner + strip.outer) / 2) * r;
    const natural = (((strip.to - strip.from) * Math.PI) / 180) * mid;
    const scale = Math.min(1, stripMaxWidth / natural);
    const width = Math.max(1, Math.round(natural * scale));
    const height = Math.max(1, Math.round((strip.outer - strip.inner) * r * scale));
    const data = new Uint8Array(width * height);
    for (let j = 0; j < height; j++) {
      for (let i = 0; i < width; i++) {
        const [u, v] = arcPoint(strip, (i + 0.5) / width, (j + 0.5) / height);
        data[j * width + i] = Math.round(sampleGray(values, face.width, face.height, face.width / 2 + u * r, face.height / 2 + v * r));
      }
    }
    return { strip, image: { width, height, data } };
  });
}

/**
 * The arc of a reference face that reads `year`, from the lines a text reader found in the face's
 * `strip` unwrapped (unwrappedRim, `stripImage` its size); null when the year is not among them.
 */
export function dateArcOf(lines: readonly TextLine[], year: string, strip: DateArc, stripImage: { width: number; height: number }): DateArc | null {
  const line = lines.find((l) => yearPattern.exec(l.text)?.[1] === year);
  if (!line) return null;
  const span = strip.to - strip.from;
  const depth = strip.outer - strip.inner;
  const [a0, a1] = [line.box.x0 / stripImage.width, line.box.x1 / stripImage.width];
  const [d0, d1] = [line.box.y0 / stripImage.height, line.box.y1 / stripImage.height];
  const outward = strip.tops === 'outward';
  // Read left to right: clockwise from `from` along the top, anticlockwise from `to` along the bottom.
  const from = outward ? strip.from + a0 * span : strip.to - a1 * span;
  const to = outward ? strip.from + a1 * span : strip.to - a0 * span;
  const [inner, outer] = outward ? [strip.outer - d1 * depth, strip.outer - d0 * depth] : [strip.inner + d0 * depth, strip.inner + d1 * depth];
  const turns = Math.floor(from / 360) * 360;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { from: round(from - turns), to: round(to - turns), inner: round(inner), outer: round(outer), tops: strip.tops };
}

/**
 * One region around the dates of a design's faces struck in other years or at other mints (each
 * read at import): a box around both boxes, an arc over both arcs; a face's own region when the two
 * are not alike (one straight, one along the rim).
 */
export function joinedRegion(a: DateRegion, b: DateRegion): DateRegion {
  if (!isArc(a) && !isArc(b)) return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
  if (!isArc(a) || !isArc(b) || a.tops !== b.tops) return a;
  // The same place on the rim may be named a turn apart: b is taken the nearest way round to a.
  const turn = Math.round((a.from - b.from) / 360) * 360;
  return { from: Math.min(a.from, b.from + turn), to: Math.max(a.to, b.to + turn), inner: Math.min(a.inner, b.inner), outer: Math.max(a.outer, b.outer), tops: a.tops };
}

/**
 * A struck date is relief in the coin's own metal, light on light: what stands out from its
 * surroundings is kept (the grey less its mean within a third of the print's height of each pixel),
 * the coin's shading and the table beyond its rim are not. On the tuning seeds above, within a
 * whole, two thirds, a third, a sixth or a twelfth of the print read 26, 26, 24, 24 and 21 dates
 * right and 0, 1, 0, 1 and 2 wrong.
 */
const reliefRadius = Math.round(printHeight / 3);

function relief(values: Float32Array, width: number, height: number): Float32Array {
  const mean = boxBlur(values, width, height, reliefRadius);
  return values.map((v, i) => v - mean[i]!);
}

/** Share of the crop's pixels clipped at each end when its contrast is stretched: struck relief is faint, metal glints. */
const clipShare = 0.01;

/** Grey values stretched so the crop spans 0..255 (its darkest and brightest `clipShare` clipped). */
function stretched(values: Float32Array): Uint8Array {
  const sorted = Float32Array.from(values).sort();
  const lo = sorted[Math.floor(sorted.length * clipShare)]!;
  const hi = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * (1 - clipShare)))]!;
  const span = Math.max(1e-6, hi - lo);
  return Uint8Array.from(values, (v) => Math.max(0, Math.min(255, Math.round(((v - lo) / span) * 255))));
}

/**
 * A date read off a coin: the year, a mint letter when one was read beside it, and the reader's
 * confidence in the year (0..1: its least certain digit's, or the year's share when spotted).
 */
export interface ReadDate {
  year: string;
  mint: string | null;
  /** The reader's confidence in the year's least certain digit: a misread date is one digit off. */
  score: number;
}

/**
 * A year (or mint letter) read with less confidence than this in its least certain character is not
 * taken as read. Measured on tuning seeds (individual coins 1340–1439, groups 1300–1329, dates legible
 * by size; the scratch script of `minPrintPixels`): years read at 0.6 or more, 108 right and none
 * wrong; under it, 7 right and 5 wrong (each one digit off: 2006 read 2008, 1932 read 1922).
 */
const minCharacterScore = 0.6;

/**
 * The date in the line read off a coin's date crop: the surest year read with confidence (one after
 * `latestYear` is a misread: no coin is dated in the future), and a mint letter written right after
 * it; null when no year was read with confidence.
 */
export function readDate({ text, characterScores }: Pick<TextLine, 'text' | 'characterScores'>, latestYear = new Date().getUTCFullYear()): ReadDate | null {
  let best: ReadDate | null = null;
  for (const match of text.matchAll(new RegExp(yearPattern, 'g'))) {
    const score = Math.min(...characterScores.slice(match.index, match.index + 4));
    if (Number(match[1]) > latestYear || score < minCharacterScore || (best && best.score >= score)) continue;
    const rest = text.slice(match.index + 4);
    const gap = rest.length - rest.trimStart().length;
    const mint = /^(CC|[A-Z])(?![A-Za-z0-9])/.exec(rest.trimStart())?.[1] ?? null;
    const mintScore = mint ? Math.min(...characterScores.slice(match.index + 4 + gap, match.index + 4 + gap + mint.length)) : 0;
    best = { year: match[1]!, mint: mint && mintScore >= minCharacterScore ? mint : null, score };
  }
  return best;
}

/**
 * How well each year fits a coin's date print: its log likelihood against the year that fits best
 * (0 for that one, ≤ 0 for the rest), for every year from 1500 to the latest that fits within
 * `yearFitFloor` of the best; a year missing fits as the floor.
 */
export type YearFit = Record<string, number>;

/** The list plausibleYears last made, and for which latest year. */
let yearsUpTo: { latestYear: number; years: readonly string[] } | undefined;

/**
 * The years a coin's date print is weighed against: every year a coin can carry, 1500 to
 * `latestYear`. Kept for the latest year asked: every date read asks for the same list.
 */
export function plausibleYears(latestYear = new Date().getUTCFullYear()): readonly string[] {
  if (yearsUpTo?.latestYear !== latestYear) yearsUpTo = { latestYear, years: Array.from({ length: latestYear - earliestYear + 1 }, (_, k) => String(earliestYear + k)) };
  return yearsUpTo.years;
}

/**
 * The reader's fit of a year (its spotting cost, a log probability) is divided by this before it is
 * weighed as the year's likelihood: the recogniser is surer of its digits than it is right. The
 * likelihood-best value on tuning seeds (individual coins 1340–1439, groups 1300–1329, 179 dated
 * faces legible by size, cut out where the design carries its date; a scratch script over
 * generatedCoinRequest and the reader's spotting): mean log posterior of the true year, among a
 * type's listed years and any other, -0.279, -0.272, -0.270, -0.262 and -0.274 at 0.5, 1, 2 (with
 * the floor below at -5) and 3.
 */
const fitTemperature = 2;
/**
 * A print whose best-fitting year costs more than this against the free reading reads as no year
 * at all (worn away, or the crop missed it): it weighs for no year. On the same faces, taking the
 * years' fits as evidence among a type's listed years decided 80 faces right and 2 for an unlisted
 * year wrongly at -8, 75 and none wrong at -5, 73 at -3, 69 at -2; with no floor 91 right but 8
 * for another listed year and 4 for an unlisted one (the worn faces' noise read as digits).
 */
const minBestFit = -5;
/** Fits below this (likelihood e^-8 against the best) are left out: a year missing counts as this. */
export const yearFitFloor = -8;
/**
 * A year is also read (not only weighed) when it holds this much of the probability over every
 * year (the fits as likelihoods, every year alike beforehand) though the free reading missed it
 * or was unsure of a digit: a majority, so two years that fit alike are never decided between.
 * On the faces above, with the free reading's (readDate) 80 years right and none wrong, against 78
 * by the free reading alone; at 0.4, 82 and none wrong; at 0.3, 84 and 1 wrong.
 */
const minSpottedShare = 0.5;

/**
 * A coin's date print as read (`readLine` asked to spot `plausibleYears`), from one crop or more of
 * it (dateCrops, in the order read): the date read, by the first crop's free reading that reads one
 * (readDate) or else by the year that fits far better than any other, and every year's fit (null
 * when the print reads as no year). Crops of one print are not independent evidence, so each year's
 * fit is their mean, not their sum.
 */
export function dateEvidence(lines: readonly ReadLine[], latestYear = new Date().getUTCFullYear()): { read: ReadDate | null; fit: YearFit | null } {
  const free = lines.reduce<ReadDate | null>((found, line) => found ?? readDate(line, latestYear), null);
  const spotted = lines[0]?.spotted.map(({ word }, k) => ({ word, cost: lines.reduce((sum, line) => sum + line.spotted[k]!.cost, 0) / lines.length })) ?? [];
  const best = Math.max(...spotted.map((s) => s.cost));
  if (!(best >= minBestFit)) return { read: free, fit: null };
  const fit: YearFit = {};
  let total = 0;
  for (const { word, cost } of spotted) {
    const relative = (cost - best) / fitTemperature;
    total += Math.exp(relative);
    if (relative >= yearFitFloor) fit[word] = Math.round(relative * 1000) / 1000;
  }
  if (free) return { read: free, fit };
  const top = spotted.find((s) => s.cost === best)!;
  const share = 1 / total;
  return { read: share >= minSpottedShare ? { year: top.word, mint: null, score: Math.round(share * 1000) / 1000 } : null, fit };
}
