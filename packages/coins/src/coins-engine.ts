import type { CoinEntry } from '@assay/catalog';
import { AssayError, candidatesListed, issue, type CategoryEngine, type CoinItem, type CoinLocation, type EngineImage, type EngineResult, type Issue, type Section } from '@assay/contract';
import { qualityIssuesOf } from '@assay/pixels';
import type { CoinRecognition, CoinRecognizer, PhysicalCoin } from './coin-recognizer.ts';
import { calibrated, type CalibrationPoints } from './identify/confidence-calibration.ts';
import fittedCalibration from './identify/confidence-calibration.json' with { type: 'json' };
import { gradeCoin, priceAt } from './grade/coin-grade.ts';
import { materialWeights, meltValue, type SpotPrices } from './value/spot-prices.ts';

export interface CoinsEngineDeps {
  recognizer: CoinRecognizer;
  /** The catalog's coin entries by id, from the version the recognizer was built on. */
  entries: ReadonlyMap<string, CoinEntry>;
  catalogVersionId: number;
  spotPrices: SpotPrices;
  /** Below this probability (the recognizer's) the best match is not reported as the coin's identity. */
  minIdentityConfidence?: number;
  /** How the recognizer's probabilities become the confidences stated; the fit shipped by default. */
  calibration?: ConfidenceCalibration;
}

/**
 * Monotone maps from the recognizer's probabilities to how often what they back is true: `named`,
 * the confidence stated for a named coin (and for a design left open by an unread date, from its
 * coins' probabilities together); `unnamed`, for a coin the catalog does not name; `closest`, for a
 * coin whose date was not read, how often the closest of its design's listed coins is the coin,
 * whatever the answer named. `closest` decides whether such a coin is named in full (surelyClosest),
 * so that decision does not move the answers the stated confidences are fitted on.
 */
export type ConfidenceCalibration = Record<'named' | 'unnamed' | 'closest', CalibrationPoints>;

/**
 * The isotonic fit shipped (confidence-calibration.json, written by tools/fit-coin-calibration.ts on
 * generated photos of both photo worlds that no figure is tuned on).
 */
const fitted: ConfidenceCalibration = {
  named: fittedCalibration.named as [number, number][],
  unnamed: fittedCalibration.unnamed as [number, number][],
  closest: fittedCalibration.closest as [number, number][],
};

/** A group whose coins are all of one type, this many or more, is a date run (spec coin rule 4). */
const dateRunMin = 3;
/** A run of at least this many coins may have one misread as another type: hand-set in cd87347, not measured alone. */
const runWithMisread = 4;
/** Below this confidence by default the best match is not reported: set with the fitted softmax temperature (362cc08), not measured alone. */
const defaultMinIdentityConfidence = 0.15;
/**
 * A coin whose date was not read is named as the closest of its design's listed coins only when that
 * one is the coin this often or more (the `closest` calibration): more likely right than wrong.
 * Below it the design is named and what the date tells apart is withheld (itemOf). A policy, not a
 * fit: on dev seed 1100 (60 requests) relief alone named 61 of 66 such coins right, and withholding
 * every unread date's year took identity from 0.933 to 0.538.
 */
const surelyClosest = 0.5;
/** Without a grade, the valuation's confidence is this share of the identity's: hand-set when the engine was written (537411e), not measured alone. */
const ungradedShare = 0.5;

/**
 * The coin rules of the spec over the recognizer's facts: individual coins and groups assessed
 * coin by coin, faces paired across overview photos; a roll's readable coins only; pile photos
 * ignored beside assessable coins and a request of mainly piles rejected; ancient coins, date
 * runs and sets rejected as unsupported.
 */
export function createCoinsEngine({ recognizer, entries, catalogVersionId, spotPrices, minIdentityConfidence = defaultMinIdentityConfidence, calibration = fitted }: CoinsEngineDeps): CategoryEngine<'coins'> {
  // A coin more likely none of the catalog's than its best match is not named either. Without its
  // date, the best match is its design: a design the catalog lists in several years or mints shares
  // its probability among them, which is no evidence that the coin is none of them.
  // The coins it may be: its best match, or without its date every listed coin of that design.
  const namedOf = (coin: PhysicalCoin): { entry: CoinEntry; design: CoinEntry[] } | undefined => {
    const top = coin.candidates[0];
    const entry = top && entries.get(top.entryId);
    if (!entry) return undefined;
    const design = coin.date.state === 'read' ? [entry] : kinOf(entry, entries);
    return designProbability(coin, design) >= Math.max(minIdentityConfidence, coin.unlisted) ? { entry, design } : undefined;
  };
  return {
    async assess(images: EngineImage[], sections: readonly Section[]): Promise<EngineResult<'coins'>> {
      const recognition = await recognizer.recognizeCoins(images.map(({ index, bytes }) => ({ index, bytes })));
      const issues: Issue[] = [];
      // Pile and roll photos without any flat coins are one heap seen twice: a roll is never
      // photographed beside a pile, and an unsorted heap can pass for an opened roll in one shot.
      const heap = recognition.images.some((i) => i.kind === 'pile') && !recognition.images.some((i) => i.kind === 'coins');
      const kinds = recognition.images.map((i) => (heap && i.kind === 'roll' ? 'pile' : i.kind));
      const count = (kind: string) => kinds.filter((k) => k === kind).length;

      const ancient = recognition.coins.filter((c) => c.ancient);
      const flat = recognition.coins.filter((c) => !c.ancient);
      const rolls = heap ? [] : recognition.rollCoins.filter((c) => !c.ancient);
      const assessableElsewhere = flat.length + rolls.length > 0;

      if (count('set') > 0 && count('set') >= count('coins')) {
        throw new AssayError('COINS_SET_UNSUPPORTED', 'the images show a coin set in its holder; coin sets are not supported');
      }
      if (count('pile') > 0 && !assessableElsewhere) {
        if (count('pile') * 2 >= recognition.images.length) {
          throw new AssayError('COINS_MAINLY_PILES', 'the request is made up mainly of coin pile images, in which coins cannot be assessed one by one');
        }
      }
      if (ancient.length > 0 && flat.length === 0 && rolls.length === 0) {
        throw new AssayError('COINS_ANCIENT_UNSUPPORTED', 'the images show ancient coins, which are not supported');
      }
      // A date run's coins are one design in other years, so each still best resembles that type.
      if (isDateRun(flat, entries)) {
        throw new AssayError('COINS_DATE_RUN_UNSUPPORTED', 'the images show a date run (one coin type across years); date runs are not supported');
      }

      for (const image of recognition.images) {
        issues.push(...qualityIssuesOf(image.qualityIssues, image.index));
        if (image.kind === 'pile' || (heap && image.kind === 'roll')) issues.push(issue('COIN_PILE_IGNORED', `image ${image.index} shows a pile of coins, which cannot be assessed coin by coin; it was not assessed`, { imageIndex: image.index }));
        if (image.kind === 'set') issues.push(issue('COIN_SET_IGNORED', `image ${image.index} shows a coin set in its holder, which is not supported; it was not assessed`, { imageIndex: image.index }));
        if (image.kind === 'none' && !image.failed) issues.push(issue('ITEM_NOT_FOUND', `image ${image.index}: no coin was found`, { imageIndex: image.index }));
      }
      for (const coin of ancient) {
        issues.push(issue('COIN_ANCIENT_IGNORED', `image ${coin.views[0]!.imageIndex} shows an ancient coin, which is not supported; it was not assessed`, { imageIndex: coin.views[0]!.imageIndex }));
      }

      const useRoll = flat.length === 0 && rolls.length > 0;
      const coins = useRoll ? rolls : flat;
      const presentation = presentationOf(kinds, coins.length, useRoll);
      if (useRoll || (flat.length === 0 && count('roll') > 0)) {
        issues.push(issue('COIN_ROLL_PARTLY_ASSESSED', rolls.length > 0
          ? `only the ${rolls.length} coin${rolls.length === 1 ? '' : 's'} that can be seen whole and flat ${rolls.length === 1 ? 'is' : 'are'} assessed; the rest of the roll is not`
          : 'no coin of the roll can be seen whole and flat, so none is assessed'));
      }
      if (recognition.pairing && recognition.pairing.unpaired > 0) {
        issues.push(issue('COIN_FACES_UNPAIRED', `${recognition.pairing.unpaired} coin face${recognition.pairing.unpaired === 1 ? '' : 's'} in images ${recognition.pairing.photos.join(' and ')} could not be paired with the other side; keep the layout the same in both overview photos`));
      }

      // Every coin found is an item, named or not: a coin the catalog does not list still counts.
      const items: CoinItem[] = [];
      for (const coin of coins) {
        const named = namedOf(coin);
        const imageIndex = coin.views[0]!.imageIndex;
        const location = locationOf(coin, recognition);
        if (!named) {
          const dated = coin.date.state === 'read' ? `; its date reads ${coin.date.year}${coin.date.mint ? `-${coin.date.mint}` : ''}, which no coin of the catalog that it resembles carries` : '';
          issues.push(issue('ITEM_NOT_IDENTIFIED', `coin ${items.length} (image ${imageIndex}) matches nothing in the catalog well enough to name it${dated}; it is reported without an identity, grade or price`, { severity: 'error', imageIndex, itemIndex: items.length }));
          const confidence = calibrated(calibration.unnamed, coin.unlisted);
          items.push({ ...unidentifiedItemOf(confidence, sections), ...(sections.includes('identity') && { candidates: othersOf(coin, null, confidence, entries) }), location });
          continue;
        }
        const { entry, design } = named;
        // Without its date, a coin of a design listed in several years or mints is named in full
        // only when the relief makes the closest one more likely right than wrong.
        const kin = design.length > 1 && calibrated(calibration.closest, coin.candidates[0]!.confidence) < surelyClosest ? design : [entry];
        if (coin.date.state === 'unread' || (coin.date.state === 'not_sought' && design.length > 1)) {
          const why = coin.date.state === 'not_sought' ? 'was not sought, since the catalog\'s images of this design show none on the faces photographed (photograph both faces)' : coin.date.printedTooSmall ? 'is shown too few pixels high to read (photograph the coin closer or at a higher resolution)' : 'could not be read';
          const open = unsettled(kin);
          const left = kin.length > 1
            ? `so its ${open.join(', ')} ${open.length === 1 ? 'is' : 'are'} not given: the catalog lists ${kin.length} coins of this design, ${kin.map((k) => k.identity.name).join(', ')}, which the date tells apart and the relief does not (candidates ranks them)`
            : design.length > 1 ? 'so its year and mint mark are those of the catalog\'s coin of this design whose relief is closest' : 'so it is named by its design, the only one of the catalog\'s coins with it';
          issues.push(issue('COIN_DATE_UNREAD', `coin ${items.length} (image ${imageIndex}): its date ${why}, ${left}`, { imageIndex, itemIndex: items.length }));
        }
        // Of a design left open, the probability that it is one of its coins (the named map is
        // fitted on what answers state, designs included); and those coins as its candidates.
        const confidence = calibrated(calibration.named, kin.length > 1 ? designProbability(coin, kin) : coin.candidates[0]!.confidence);
        const candidates = kin.length > 1 ? kinCandidates(coin, kin, confidence) : othersOf(coin, entry, confidence, entries);
        items.push({ ...itemOf(coin, entry, kin, confidence, sections, spotPrices), ...(sections.includes('identity') && { candidates }), location });
      }
      return { summary: { presentation }, items, issues, catalogVersionId };
    },
  };
}

/**
 * A date run: three or more coins laid out together, all of one type (redated coins still look most
 * like their type's catalog entry); one coin of the run may be misread as another type. Its coins
 * are struck in different years: when two of them read the same date, the layout is several of one
 * coin, a group (a coin whose date is not read counts for neither).
 */
function isDateRun(coins: readonly PhysicalCoin[], entries: ReadonlyMap<string, CoinEntry>): boolean {
  if (coins.length < dateRunMin) return false;
  const byType = new Map<string, PhysicalCoin[]>();
  for (const coin of coins) {
    const type = coin.candidates[0] ? entries.get(coin.candidates[0].entryId)?.identity.type : undefined;
    if (type) byType.set(type, [...(byType.get(type) ?? []), coin]);
  }
  const [run = []] = [...byType.values()].sort((a, b) => b.length - a.length);
  const ofOneType = run.length === coins.length || (coins.length >= runWithMisread && run.length >= coins.length - 1);
  const years = run.flatMap((coin) => (coin.date.state === 'read' ? [coin.date.year] : []));
  return ofOneType && new Set(years).size === years.length;
}

/**
 * The other catalog coins it could be, for review, most likely first: the recognizer's next entries
 * (after the named one; for an unnamed coin, its best ones). What the stated confidence leaves
 * (1 − it) is shared among the alternatives as the recognizer weighs them, so the item's and its
 * candidates' probabilities add up to at most 1, as on cards and toys; none under a thousandth.
 */
function othersOf(coin: PhysicalCoin, named: CoinEntry | null, stated: number, entries: ReadonlyMap<string, CoinEntry>): NonNullable<CoinItem['candidates']> {
  const own = named ? coin.candidates[0]!.confidence : coin.unlisted;
  const share = own < 1 ? (1 - stated) / (1 - own) : 0;
  return (named ? coin.candidates.slice(1) : coin.candidates).flatMap(({ entryId, confidence }) => {
    const entry = entries.get(entryId);
    const probability = round(confidence * share);
    if (!entry || probability <= 0) return [];
    return [{ identity: printedIdentity(entry), confidence: probability }];
  }).slice(0, candidatesListed);
}

/** Where a coin was seen: its rim in every photo that shows one of its faces, in image order. */
function locationOf(coin: PhysicalCoin, recognition: CoinRecognition): CoinLocation[] {
  return coin.views
    .flatMap(({ imageIndex, coin: found }) => {
      const rim = recognition.images.find((image) => image.index === imageIndex)?.coins[found];
      return rim ? [{ image_index: imageIndex, center: { x: Math.round(rim.x), y: Math.round(rim.y) }, radius: Math.round(rim.r) }] : [];
    })
    .sort((a, b) => a.image_index - b.image_index);
}

function presentationOf(kinds: readonly string[], coins: number, roll: boolean): 'individual' | 'group' | 'roll' | 'pile' {
  if (roll) return 'roll';
  if (coins > 1) return 'group';
  if (coins === 1) return 'individual';
  if (kinds.includes('roll')) return 'roll';
  if (kinds.includes('pile')) return 'pile';
  return 'individual';
}

/** The catalog's coins of one design (its `type`): what only their dates, mint marks or metal tell apart. */
export function kinOf(entry: CoinEntry, entries: ReadonlyMap<string, CoinEntry>): CoinEntry[] {
  if (entry.identity.type === null) return [entry];
  return [...entries.values()].filter((other) => other.identity.type === entry.identity.type);
}

/** The recognizer's probability that a coin is one of these coins of one design: theirs together. */
export function designProbability(coin: PhysicalCoin, kin: readonly CoinEntry[]): number {
  return Math.min(1, coin.candidates.filter((c) => kin.some((k) => k.id === c.entryId)).reduce((sum, c) => sum + c.confidence, 0));
}

/** Identity fields on which coins of one design differ (`metal`: their material composition). */
const dateBound = ['year', 'mint', 'variant', 'metal'] as const;
type DateBound = (typeof dateBound)[number];
const valueOf = (entry: CoinEntry, field: DateBound) => (field === 'metal' ? JSON.stringify(entry.specs.composition) : entry.identity[field]);
/** The fields an unread date leaves open among these coins of one design. */
function unsettled(kin: readonly CoinEntry[]): DateBound[] {
  return dateBound.filter((field) => new Set(kin.map((k) => valueOf(k, field))).size > 1);
}

/**
 * A named coin's item; `confidence` is the calibrated one that its identity is right. `kin` holds
 * the coins it could be: the named one alone, or, for a coin whose date could not be read, its
 * design's listed coins. Then it is named by the design, the fields they differ on withheld (null,
 * or no metal for `metal`); it is graded against the closest one's reference (the design's relief),
 * and a price or melt value is given only where every one of them has the same.
 */
function itemOf(coin: PhysicalCoin, closest: CoinEntry, kin: readonly CoinEntry[], confidence: number, sections: readonly Section[], spot: SpotPrices): CoinItem {
  const open = new Set(unsettled(kin));
  const item: CoinItem = {};
  if (sections.includes('identity')) {
    const stated = printedIdentity(closest);
    item.identity = open.size === 0 ? { ...stated, confidence } : {
      ...stated,
      name: closest.identity.type,
      year: open.has('year') ? null : stated.year,
      mint: open.has('mint') ? null : stated.mint,
      variant: open.has('variant') ? null : stated.variant,
      material_composition: open.has('metal') ? [] : stated.material_composition,
      confidence,
    };
  }
  const grade = coin.sharpness !== null && coin.contrast !== null ? gradeCoin(closest, coin.sharpness, coin.contrast) : null;
  if (sections.includes('grade') && grade) item.grade = grade;
  if (sections.includes('valuation')) {
    const agreed = (values: (number | null)[]) => (values.every((v) => v === values[0]) ? values[0]! : null);
    // The price rests on identity and grade; the melt value on identity alone.
    const price = grade ? agreed(kin.map((k) => priceAt(k, grade.grade))) : null;
    item.valuation = { price, melt_value: agreed(kin.map((k) => meltValue(k, spot))), confidence: round(confidence * (grade ? grade.confidence : ungradedShare)) };
  }
  return item;
}

/** The coins of the design a coin with an unread date could be, each at its share of the stated confidence (the recognizer's weights among them). */
function kinCandidates(coin: PhysicalCoin, kin: readonly CoinEntry[], stated: number): NonNullable<CoinItem['candidates']> {
  const among = coin.candidates.filter((c) => kin.some((k) => k.id === c.entryId));
  const total = among.reduce((sum, c) => sum + c.confidence, 0);
  return among.flatMap(({ entryId, confidence }) => {
    const entry = kin.find((k) => k.id === entryId)!;
    const probability = total > 0 ? round((stated * confidence) / total) : 0;
    return probability > 0 ? [{ identity: printedIdentity(entry), confidence: probability }] : [];
  }).slice(0, candidatesListed);
}

/** A catalog coin's identity as an answer states it, but for how sure it is. */
function printedIdentity(entry: CoinEntry) {
  const { name, type, variant, year, mint, country, denomination } = entry.identity;
  return { name, type, variant, year, mint, country, denomination, material_composition: materialWeights(entry) };
}

/**
 * A coin the catalog does not name: an identity of nulls whose confidence is the probability that it
 * is none of the catalog's coins (calibrated); no grade, since wear is measured against the named coin's
 * reference; a valuation of nulls, since price and metal content come from the catalog entry.
 */
function unidentifiedItemOf(confidence: number, sections: readonly Section[]): CoinItem {
  const item: CoinItem = {};
  if (sections.includes('identity')) {
    item.identity = { name: null, type: null, variant: null, year: null, mint: null, country: null, denomination: null, material_composition: [], confidence };
  }
  if (sections.includes('valuation')) item.valuation = { price: null, melt_value: null, confidence: 0 };
  return item;
}

const round = (v: number) => Math.round(v * 1000) / 1000;
