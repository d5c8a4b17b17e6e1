import { solveLinear, type RgbImage } from '@assay/pixels';

/*
 * A coin's rim to about a pixel of the full photo. The search copy is a third of the photo's size
 * or less, and the polar features need the rim to within about 1%: a radius 5% short or a centre
 * a few percent off blurs a face's legends into each other. Along rays from the rough centre, the
 * outermost clear colour step is the rim (inside it lie the raised rim's inner edge and the legends;
 * a gold coin on a beige table differs more in colour than in brightness), where the step holds a
 * little way along the circle (a ruled table's lines beside the coin do not) and runs on from the
 * neighbouring rays' (a plank's grain line crossing the band beside the coin does not; see
 * rimPath); a circle fitted to those points, leaving out the few that a shadow or a glint moved, is
 * the coin.
 */

/** Rays cast from the rough centre: 128 since 118cfbb; 96 lost a set and a roll on dev seed 1600 (7e932b7). */
const rays = 128;
/** Fewer rim points than this (a third of the rays) and no circle is fitted nor irregularity measured (118cfbb). */
const fewestPoints = rays / 3;
/**
 * Search bands around the circle, pass by pass: a small coin's circle from the search copy can be
 * a fifth of its radius off (a pixel there is four or five here), the first fit is good to a few percent.
 */
const bands: [number, number][] = [[0.72, 1.28], [0.86, 1.14], [0.9, 1.1]];
/** A fit whose rim strays less than this (over the radius) is taken as it is. */
const settledRim = 0.03;
/** A step counts as the rim when it is this share of the ray's strongest one. */
const outermostShare = 0.55;
/**
 * A rim path (rimPath): peaks under `weakestShare` of the ray's strongest are no candidates; the path
 * gives up `innerStepCost` of a ray's worth for each strong step it passes over outward, and
 * `jumpCost` per radius it jumps between neighbouring rays beyond `jumpSlack` (a rim point strays a
 * pixel or two either way, and a small coin's raised rim's inner edge lies 0.04 of its radius in:
 * without slack, a dime's path kept to that edge where its outer one came and went). Hand-set, then
 * measured fitting rims from the true circles (a scratch script over generated photos): on the
 * development world's ruled groups (1192, 432 coins) rims measuring clean (spread under 0.03) went
 * 0.80 → 0.97 and the 90th percentile of the spread 0.076 → 0.017, on the tuning world (1300) and
 * every axis widened (1203) the same; each constant moved alone (jumpCost 5–20, innerStepCost
 * 0.02–0.15, weakestShare 0.15–0.4, jumpSlack 0–0.04) moved those figures by 0.01 or less, but for
 * innerStepCost 0.15 (1192's 90th percentile 0.026).
 */
const weakestShare = 0.25;
const innerStepCost = 0.05;
const jumpCost = 10;
const jumpSlack = 0.02;
/** Rays whose strongest step is weaker than this (sum of channel differences) see no edge. */
const minStep = 18;
/**
 * Samples along a ray every this share of the radius (at least half a pixel), and each colour step
 * spans this share of the radius either side (at least a pixel): hand-set with the rim fit (118cfbb).
 */
const rayStep = 160;
const minRayStep = 0.5;
const stepReach = 90;
const minStepReach = 1;
/** A fit whose radius changed by more than this share, or moved its centre more than `reach` radii, found something else (118cfbb). */
const maxRadiusChange = 0.3;
const defaultReach = 0.3;
/** Circle fits per rim, each leaving out points this many robust deviations off (never under a pixel), until fewer than this many points would be left (118cfbb). */
const fitPasses = 3;
const outlierDeviations = 2.5;
const fewestFitPoints = 8;

export interface Rim {
  x: number;
  y: number;
  r: number;
}

/** A fitted rim with its irregularity (see rimIrregularity). */
export interface FittedRim extends Rim {
  irregularity: number;
}

/** The rim fitted around a rough circle; the rough circle itself when too few rays find an edge. */
export function fitRim(image: RgbImage, rough: Rim): FittedRim {
  const wide = measured(image, fitWithin(image, rough, bands));
  if (wide.irregularity < settledRim) return wide;
  // The wide first band can reach a soft shadow's edge or a neighbour's rim and settle on it; the
  // narrow bands alone stay on a rough circle that was close. The rim that is rounder is the coin's,
  // and a wide fit that went too far to be kept (the rough circle as it was) is no fit.
  const near = measured(image, fitWithin(image, rough, bands.slice(1)));
  const unmoved = wide.x === rough.x && wide.y === rough.y && wide.r === rough.r;
  return near.irregularity < wide.irregularity || unmoved ? near : wide;
}

const measured = (image: RgbImage, { x, y, r }: Rim): FittedRim => ({ x, y, r, irregularity: rimIrregularity(image, { x, y, r }) });

/** Sizes, over a ragged rim's, at which a coin's rim around it is looked for (each fit reaches ±28%). */
const widenings = [1.35, 1.7, 2.2, 2.8, 3.4];
/**
 * How far, over the ragged rim's radius, fits also start off its centre, along the line the
 * centred fit moved on. A portrait's ring can sit most of its radius off its coin's centre (dev seeds
 * 1200–1600: 0.35–0.85), and a fit started from the ring's centre then meets the near side of the
 * rim inside its band and the far side outside it: it settles on the design or the table, moved
 * toward the coin's centre or toward its near rim, so both ways are tried.
 */
const offCentre = 0.5;
/** A centred fit that moved less than this share of the ragged rim's radius shows no side to try. */
const minLean = 0.05;
/** A rim this regular (spread over radius) is a struck coin's. */
const cleanRim = 0.03;
/**
 * "Holds": the enclosing rim reaches past the inner circle's centre by this share of the inner
 * radius (sparing its outer fifth), with this slack over its own radius, and is at least this much
 * larger. Set with off-centre starts from 1.35x (1d14330); not measured alone.
 */
const heldShare = 0.8;
const holdSlack = 1.05;
const minEnclosing = 1.2;
/** A widening is not tried when its band's inner edge (`bands[0][0]`) already passes the largest radius (1d14330). */
const widestInner = 0.72;
/** An enclosing fit may move its centre by half the radius (88227e6: a design ring well off its coin's centre). */
const enclosingReach = 0.5;

/**
 * A clean rim enclosing a ragged one (a design element or a portrait's ring found in place of its
 * coin): the rim fitted from ever larger circles around it, centred on it or off it, the first that
 * is round and holds it. "Holds" spares a fifth of the ragged circle, which a design's outline seldom
 * fits: it keeps a neighbouring coin's rim, which never holds this one's centre, out.
 */
export function enclosingRim(image: RgbImage, inner: Rim, maxR: number, offCentreStarts = true): FittedRim | null {
  const clean = (rim: Rim): FittedRim | null => {
    const holds = Math.hypot(rim.x - inner.x, rim.y - inner.y) + inner.r * heldShare <= rim.r * holdSlack;
    if (rim.r <= inner.r * minEnclosing || rim.r > maxR || !holds) return null;
    const fitted = measured(image, rim);
    return fitted.irregularity < cleanRim ? fitted : null;
  };
  for (const widening of widenings) {
    const r = inner.r * widening;
    if (r * widestInner > maxR) break;
    // A design ring may sit well off its coin's centre (a portrait's head): the fit may move further.
    const centred = fitWithin(image, { ...inner, r }, bands, enclosingReach, 'across');
    const found = clean(centred);
    if (found) return found;
    const lean = Math.hypot(centred.x - inner.x, centred.y - inner.y);
    if (!offCentreStarts || lean < minLean * inner.r) continue;
    for (const side of [1, -1]) {
      const shift = (side * inner.r * offCentre) / lean;
      const off = clean(fitWithin(image, { x: inner.x + (centred.x - inner.x) * shift, y: inner.y + (centred.y - inner.y) * shift, r }, bands, enclosingReach, 'across'));
      if (off) return off;
    }
  }
  return null;
}

/** Fits again from where a ragged fit went, at most. */
const refits = 5;
/** A fit that moved its circle by more than this share of the radius may not have settled. */
const unsettledMove = 0.03;

/**
 * The clean rim a ragged fit was on its way to: a rough circle a third of a radius off (the search
 * copy's circle on a portrait's ring, or on a faint rim) fits to something ragged between it and the
 * coin, but moved toward the coin; fitting again from there, while the fit keeps moving, reaches the
 * rim. Null when no refit is clean.
 */
export function rimMovedToward(image: RgbImage, ragged: FittedRim, from: Rim): FittedRim | null {
  let [start, last] = [from, ragged];
  for (let round = 0; round < refits && moved(start, last); round++) {
    [start, last] = [last, fitRim(image, last)];
    if (last.irregularity < cleanRim) return last;
  }
  return null;
}

const moved = (a: Rim, b: Rim) => Math.hypot(a.x - b.x, a.y - b.y) > unsettledMove * a.r || Math.abs(b.r / a.r - 1) > unsettledMove;

/**
 * The circle fitted to rim points in each band in turn. `steps`: `held` when the rough circle is
 * the coin's own, give or take a fifth of its radius; `across` from a start deliberately off the
 * coin's centre (enclosingRim), where the rim runs across the rays and no step is held along them.
 */
function fitWithin(image: RgbImage, rough: Rim, passes: readonly [number, number][], reach = defaultReach, steps: RimSteps = 'held'): Rim {
  let circle = rough;
  for (const band of passes) {
    const points = rimPoints(image, circle, band, steps);
    if (points.length < fewestPoints) return circle;
    const fitted = robustCircle(points);
    // A fit far from where it started found something else (a neighbour's rim, a shadow): keep the last one.
    if (!fitted || Math.abs(fitted.r / rough.r - 1) > maxRadiusChange || Math.hypot(fitted.x - rough.x, fitted.y - rough.y) > rough.r * reach) return circle;
    circle = fitted;
  }
  return circle;
}

/**
 * Spread of the rim's distance from the centre over the radius (the median absolute deviation of
 * the rim points around the circle, so a shadow or glint at a few angles does not count): a
 * struck flan ~0.01, a hand-struck one or a leaning coin more. 1 when the rim cannot be seen.
 */
export function rimIrregularity(image: RgbImage, rim: Rim, steps: RimSteps = 'across'): number {
  const points = rimPoints(image, rim, bands[0]!, steps);
  if (points.length < fewestPoints) return 1;
  const deviations = points.map(([x, y]) => Math.abs(Math.hypot(x - rim.x, y - rim.y) - rim.r)).sort((a, b) => a - b);
  return (deviations[deviations.length >> 1]! * 1.4826) / rim.r;
}

/** Rim points that must be seen for a flan's shape to be judged: two thirds of the rays. */
const fewestShapePoints = (rays * 2) / 3;

/**
 * How far a rim strays from the ellipse a round coin makes under any camera tilt, over the radius:
 * the robust spread of the rim points' radii left after fitting r(θ) with its mean, its first
 * harmonic (a centre a little off) and its second (the ellipse perspective makes of a circle). A
 * struck modern flan stays near the measurement's noise however the camera leans; a hand-struck
 * flan is lumpy at every scale, which no ellipse takes up. Null when too little of the rim is seen.
 */
export function flanLumpiness(image: RgbImage, rim: Rim): number | null {
  const points = rimPoints(image, rim, bands[0]!, 'across');
  if (points.length < fewestShapePoints) return null;
  const fitted = harmonicFit(points, rim);
  return fitted && fitted.deviation / fitted.model[0]!;
}

/**
 * A rim as the ellipse a camera tilted off square makes of a round coin: its centre, semi-axes and
 * the major axis's direction (radians from the photo's x axis, y down), and how far the rim strays
 * from it over the mean radius. A coin seen at 25° is an ellipse 0.91 as high as wide: sampled as a
 * circle its legends smear by 5 % of the radius where the polar features need 1 %.
 */
export interface RimEllipse {
  x: number;
  y: number;
  major: number;
  minor: number;
  angle: number;
  spread: number;
}

/**
 * Fits of the ellipse, each from the centre the last one found. The harmonics are those of r(θ)
 * about the fit's own centre: a centre off by d adds d·cos(θ − α) and, to second order, a little to
 * the ellipse's term; a second fit from the moved centre leaves under a thousandth of the radius.
 */
const ellipsePasses = 2;

/** The rim's ellipse (see RimEllipse) around a fitted rim; null when too little of the rim is seen. */
export function fitRimEllipse(image: RgbImage, rim: Rim): RimEllipse | null {
  // Within 14 % of the fitted circle, which runs between the axes (±5 % at 25°, ±11 % at 37°):
  // the wide first band reaches the grain of the table outside a softened rim.
  const points = rimPoints(image, rim, bands[1]!, 'held');
  if (points.length < fewestShapePoints) return null;
  let [x, y] = [rim.x, rim.y];
  let fitted: { model: number[]; deviation: number } | null = null;
  for (let pass = 0; pass < ellipsePasses; pass++) {
    fitted = harmonicFit(points, { x, y });
    if (!fitted) return null;
    // r(θ) ≈ mean + d·cos(θ − α) + A·cos 2(θ − φ): the first harmonic is the centre's offset.
    x += fitted.model[1]!;
    y += fitted.model[2]!;
  }
  const [mean, , , cos2, sin2] = fitted!.model as [number, number, number, number, number];
  // An ellipse of semi-axes a ≥ b is, to first order in (a − b), r(θ) = (a + b)/2 + (a − b)/2 · cos 2(θ − φ).
  const amplitude = Math.hypot(cos2, sin2);
  return { x, y, major: mean + amplitude, minor: mean - amplitude, angle: Math.atan2(sin2, cos2) / 2, spread: fitted!.deviation / mean };
}

/** r(θ) about `centre` fitted by its mean and first two harmonics, refitted without the points a shadow or a glint moved far off. */
function harmonicFit(points: readonly [number, number][], centre: { x: number; y: number }): { model: number[]; deviation: number } | null {
  const basis = (t: number) => [1, Math.cos(t), Math.sin(t), Math.cos(2 * t), Math.sin(2 * t)];
  const samples = points.map(([x, y]) => ({ t: Math.atan2(y - centre.y, x - centre.x), r: Math.hypot(x - centre.x, y - centre.y) }));
  return robustFit(
    samples,
    (kept) => leastSquares(kept.map((s) => basis(s.t)), kept.map((s) => s.r)),
    (coefficients, s) => Math.abs(s.r - basis(s.t).reduce((sum, b, i) => sum + b * coefficients[i]!, 0)),
    fewestShapePoints,
  );
}

/** Least squares by the normal equations (a handful of unknowns); null when they are singular. */
function leastSquares(rows: readonly number[][], values: readonly number[]): number[] | null {
  const n = rows[0]!.length;
  return solveLinear(Array.from({ length: n }, (_, i) => [...Array.from({ length: n }, (_, j) => rows.reduce((s, row) => s + row[i]! * row[j]!, 0)), rows.reduce((s, row, k) => s + row[i]! * values[k]!, 0)]));
}

/**
 * A rim is a curve round the circle: its step is there a little way along the circle either side
 * too, where a straight line crossing the ray (a cutting mat's or a ruled sheet's grid, a cloth's
 * stripes) is not, unless it runs along the circle there. A `held` step is the least of the step at
 * the point and at this share of the radius (at least `minAlongPixels`) along the circle either
 * side, so the lines beside a coin are not taken for its outermost step. Measured on development
 * seeds (tools/evaluate-coins.ts; `ruled=1` 1191 single coins and 1192 groups, the generator's mix
 * 1174 and 1176, every axis widened 1175, `printed=1` 1153, `tilt=25` 1151, `faces=small` 1181): at
 * 0.02 and 0.03 (and 0.045, on 1191, 1174 and 1175) alike within a coin or two; against the step
 * across alone, 1191 24 → 34 of 40, 1192 109 → 121 of 163, the rest within a coin or two either way.
 * At 0.04 the synthetic coin seen at 25° in rim-fit.test.ts (its rim an ellipse about the fitted
 * circle) keeps too few points for its ellipse.
 */
const alongShare = 0.03;
const minAlongPixels = 2;

/**
 * How a rim point's step is measured (rimPoints): `across` the ray only, or `held` along the circle
 * too. Measures of the rim as it is (irregularity, lumpiness) take steps across: a hand-struck
 * flan's rim strays from the circle, and a held step would keep only its round stretches.
 */
export type RimSteps = 'across' | 'held';

function rimPoints(image: RgbImage, { x: cx, y: cy, r }: Rim, [inner, outer]: [number, number], steps: RimSteps): [number, number][] {
  const along = Math.max(minAlongPixels, alongShare * r);
  const candidates: { c: number; s: number; peaks: { radius: number; worth: number }[] }[] = [];
  const step = Math.max(minRayStep, r / rayStep);
  const reach = Math.max(minStepReach, r / stepReach);
  const strengths: number[] = [];
  for (let k = 0; k < rays; k++) {
    const t = (2 * Math.PI * k) / rays;
    const c = Math.cos(t);
    const s = Math.sin(t);
    strengths.length = 0;
    let strongest = 0;
    for (let rr = r * inner; rr <= r * outer; rr += step) {
      const x = cx + rr * c;
      const y = cy + rr * s;
      let e = colourStep(image, x + reach * c, y + reach * s, x - reach * c, y - reach * s);
      if (steps === 'held' && e > 0) {
        // The same step across the ray, moved `along` either way along the circle's tangent.
        const [ax, ay] = [-s * along, c * along];
        e = Math.min(e, colourStep(image, x + ax + reach * c, y + ay + reach * s, x + ax - reach * c, y + ay - reach * s), colourStep(image, x - ax + reach * c, y - ay + reach * s, x - ax - reach * c, y - ay - reach * s));
      }
      strengths.push(e);
      strongest = Math.max(strongest, e);
    }
    if (strongest < minStep) continue;
    // The ray's local peaks, outermost first: those nearly as strong as the strongest are all the
    // rim's equally (the outermost preferred), weaker ones less.
    const peaks: { radius: number; worth: number }[] = [];
    for (let i = strengths.length - 1; i >= 0; i--) {
      const e = strengths[i]!;
      if (e >= strongest * weakestShare && e >= (strengths[i - 1] ?? 0) && e >= (strengths[i + 1] ?? 0)) peaks.push({ radius: inner + (i * step) / r, worth: Math.min(1, e / (strongest * outermostShare)) });
    }
    candidates.push({ c, s, peaks });
  }
  return rimPath(candidates).map(({ c, s, radius }) => [cx + radius * r * c, cy + radius * r * s]);
}

/**
 * Each ray's rim point, chosen among its candidate steps as one path round the coin: the path of
 * most worth (a step nearly as strong as the ray's strongest is worth 1, a weaker one its share of
 * that), less `innerStepCost` for each such strong step passed over outward (the raised rim's inner
 * edge and the legends lie inside the rim), less `jumpCost` per radius jumped between neighbouring
 * rays past `jumpSlack`. A plank's or a cloth's dark line crossing the band beside a coin is a stronger step than a
 * silver coin's rim on a pale table over a few rays, and the outermost strong step there wandered
 * onto it: the fit strayed 15–30 % of the radius round coins the camera saw whole (held-out photos'
 * planks). The rim runs on all round the coin; a line crosses the band over a few rays.
 */
function rimPath(rays: readonly { c: number; s: number; peaks: readonly { radius: number; worth: number }[] }[]): { c: number; s: number; radius: number }[] {
  if (rays.length === 0) return [];
  // Each step's own worth first; the best path's total up to it is added ray by ray below.
  const totals = rays.map((ray) => {
    let passed = 0;
    return ray.peaks.map((p) => {
      const value = p.worth - passed * innerStepCost;
      if (p.worth >= 1) passed++;
      return value;
    });
  });
  const from = rays.map((ray) => ray.peaks.map(() => 0));
  for (let k = 1; k < rays.length; k++) {
    const [here, before] = [rays[k]!.peaks, rays[k - 1]!.peaks];
    for (let j = 0; j < here.length; j++) {
      let best = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < before.length; i++) {
        const total = totals[k - 1]![i]! - jumpCost * Math.max(0, Math.abs(here[j]!.radius - before[i]!.radius) - jumpSlack);
        if (total > best) [best, from[k]![j]] = [total, i];
      }
      totals[k]![j] = totals[k]![j]! + best;
    }
  }
  const last = totals.at(-1)!;
  let chosen = last.indexOf(Math.max(...last));
  const path: { c: number; s: number; radius: number }[] = new Array(rays.length);
  for (let k = rays.length - 1; k >= 0; k--) {
    const { c, s, peaks } = rays[k]!;
    path[k] = { c, s, radius: peaks[chosen]!.radius };
    chosen = from[k]![chosen]!;
  }
  return path;
}

/** Least-squares circle (Kåsa) through the points, refitted without the points far off it. */
function robustCircle(points: readonly [number, number][]): Rim | null {
  return robustFit(points, kasa, (c, [x, y]) => Math.abs(Math.hypot(x - c.x, y - c.y) - c.r), fewestFitPoints)?.model ?? null;
}

/**
 * A model fitted to points, then again without those off it by more than `outlierDeviations` robust
 * deviations (never under a pixel), up to `fitPasses` fits, while at least `fewest` points stay; with
 * the robust deviation (1.4826 × the median residual) of its last fit. Null when a fit fails.
 */
function robustFit<P, M>(points: readonly P[], fit: (points: readonly P[]) => M | null, residual: (model: M, point: P) => number, fewest: number): { model: M; deviation: number } | null {
  let kept = points;
  let fitted: { model: M; deviation: number } | null = null;
  for (let pass = 0; pass < fitPasses; pass++) {
    const model = fit(kept);
    if (!model) return null;
    const residuals = kept.map((p) => residual(model, p));
    const deviation = 1.4826 * [...residuals].sort((a, b) => a - b)[residuals.length >> 1]!;
    fitted = { model, deviation };
    const next = kept.filter((_, i) => residuals[i]! <= Math.max(1, outlierDeviations * deviation));
    if (next.length === kept.length || next.length < fewest) break;
    kept = next;
  }
  return fitted;
}

function kasa(points: readonly [number, number][]): Rim | null {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p[0], 0) / n;
  const my = points.reduce((s, p) => s + p[1], 0) / n;
  let [suu, svv, suv, suuu, svvv, suvv, svuu] = [0, 0, 0, 0, 0, 0, 0];
  for (const [x, y] of points) {
    const u = x - mx;
    const v = y - my;
    suu += u * u;
    svv += v * v;
    suv += u * v;
    suuu += u * u * u;
    svvv += v * v * v;
    suvv += u * v * v;
    svuu += v * u * u;
  }
  const det = suu * svv - suv * suv;
  if (Math.abs(det) < 1e-9) return null;
  const b1 = (suuu + suvv) / 2;
  const b2 = (svvv + svuu) / 2;
  const uc = (b1 * svv - b2 * suv) / det;
  const vc = (b2 * suu - b1 * suv) / det;
  return { x: mx + uc, y: my + vc, r: Math.sqrt(uc * uc + vc * vc + (suu + svv) / n) };
}

/** Sum over the channels of the absolute difference between two points' colours (bilinear). */
function colourStep({ width, height, data }: RgbImage, x1: number, y1: number, x2: number, y2: number): number {
  // Both points' bilinear weights are found once and serve all three channels: this is the rim
  // fit's inner loop (plain variables, no tuples, for the same reason).
  const fx1 = Math.min(width - 1.001, Math.max(0, x1 - 0.5));
  const fy1 = Math.min(height - 1.001, Math.max(0, y1 - 0.5));
  const fx2 = Math.min(width - 1.001, Math.max(0, x2 - 0.5));
  const fy2 = Math.min(height - 1.001, Math.max(0, y2 - 0.5));
  const x0 = Math.floor(fx1);
  const y0 = Math.floor(fy1);
  const u0 = Math.floor(fx2);
  const v0 = Math.floor(fy2);
  const ax = fx1 - x0;
  const ay = fy1 - y0;
  const bx = fx2 - u0;
  const by = fy2 - v0;
  const i = (y0 * width + x0) * 3;
  const j = (v0 * width + u0) * 3;
  const iw = i + width * 3;
  const jw = j + width * 3;
  let sum = 0;
  for (let ch = 0; ch < 3; ch++) {
    const p = (data[i + ch]! * (1 - ax) + data[i + 3 + ch]! * ax) * (1 - ay) + (data[iw + ch]! * (1 - ax) + data[iw + 3 + ch]! * ax) * ay;
    const q = (data[j + ch]! * (1 - bx) + data[j + 3 + ch]! * bx) * (1 - by) + (data[jw + ch]! * (1 - bx) + data[jw + 3 + ch]! * bx) * by;
    sum += Math.abs(p - q);
  }
  return sum;
}
