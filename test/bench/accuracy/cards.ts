import { readFile } from 'node:fs/promises';
import { createCardsEngine } from '@assay/cards';
import { loadCatalog, type CardEntry } from '@assay/catalog';
import type { CardItem, Issue, IssueCode } from '@assay/contract';
import { generateCardSet, type CardSetRequest, type PhotoDefect, type PhotoWorld } from '@assay/generator';
import { computeCardReferences, createCatalogCardRecognizer, type CardRecognition, type CardRecognizer } from '@assay/cards';
import { answerOf, type AnswerSink } from './answers.ts';
import { boxOverlap, sameBoxOverlap } from '../../support/locations.ts';
import { requestImages } from './request-images.ts';
import { conditionTally, count, fraction, median, percentile, rate, reliability, type Rate } from './stats.ts';

const defectIssue: Record<PhotoDefect, IssueCode> = {
  blurred: 'IMAGE_BLURRED',
  low_resolution: 'IMAGE_LOW_RESOLUTION',
  cut_off: 'ITEM_CUT_OFF',
  too_small: 'ITEM_TOO_SMALL',
  shadow_or_glare: 'IMAGE_SHADOW_OR_GLARE',
  highly_compressed: 'IMAGE_HIGHLY_COMPRESSED',
};

export interface CardAccuracyOptions {
  catalogDir: string;
  seed: number;
  /** The photo conditions the requests are drawn under; the tuning world by default. */
  world?: PhotoWorld;
  requests: number;
  workDir: string;
  progress: (line: string) => void;
  /** Receives every request's answer (`--answers`). */
  onAnswer?: AnswerSink;
  /** Called for every request with its truth and the item answered (tools/fit-card-grade-confidence.ts). */
  onRequest?: (request: CardSetRequest, item: CardItem | undefined) => void;
}

/**
 * Generates a card set from the catalog with a seed no test or tuning uses, runs every request
 * through the cards engine exactly as the API does (recognizer + rules), and scores the answers
 * and the recognizer's measurements against the generator's ground truth.
 */
export async function measureCards({ catalogDir, seed, world = 'tuning', requests, workDir, progress, onAnswer, onRequest }: CardAccuracyOptions) {
  const catalog = await loadCatalog(catalogDir);
  progress(`cards: generating ${requests} requests with seed ${seed}, ${world} world`);
  const generated = await generateCardSet({ catalog, seed, count: requests, outDir: workDir, world });
  const truth = JSON.parse(await readFile(generated.truthFile, 'utf8')) as CardSetRequest[];

  const recognizer = createCatalogCardRecognizer(await computeCardReferences(catalog));
  let last: CardRecognition | null = null;
  // Records what the recognizer saw, so its measurements can be scored beside the engine's answer.
  const recording: CardRecognizer = {
    recognizeCard: async (images) => (last = await recognizer.recognizeCard(images)),
    close: () => recognizer.close(),
  };
  const entries = new Map<string, CardEntry>(catalog.cards.map((card) => [card.id, card]));
  const engine = createCardsEngine({ recognizer: recording, entries, catalogVersionId: 0 });

  const score = {
    identity: rate(),
    centering: rate(),
    certificate: rate(),
    company: rate(),
    gradeGiven: rate(),
    location: rate(),
    subgrades: { centering: rate(), corners: rate(), edges: rate(), surface: rate(), grade: rate() } as Record<string, Rate>,
    qualityDue: rate(),
    qualityFalse: rate(),
    qualityPrecision: rate(),
    perDefect: Object.fromEntries(Object.keys(defectIssue).map((d) => [d, rate()])) as Record<PhotoDefect, Rate>,
    identityByCondition: conditionTally(),
    centeringByCondition: conditionTally(),
    certificateByCondition: conditionTally(),
    companyByCondition: conditionTally(),
    qualityDueByCondition: conditionTally(),
    qualityFalseByCondition: conditionTally(),
    qualityPrecisionByCondition: conditionTally(),
    centeringErrors: [] as number[],
    gradeReliability: reliability(),
  };
  const msPerImage: number[] = [];
  try {
    // One request at a time, as a single API request would run; the pool still uses both cores per request.
    for (const [n, request] of truth.entries()) {
      const images = await requestImages(workDir, request.photos);
      const started = performance.now();
      const result = await engine.assess(images, ['identity', 'grade']);
      msPerImage.push((performance.now() - started) / images.length);
      onAnswer?.({ category: 'cards', request: String(n), answer: answerOf(result) });
      scoreRequest(request, result.items[0], result.issues, last!, score);
      onRequest?.(request, result.items[0]);
      if ((n + 1) % 25 === 0) progress(`cards: ${n + 1}/${truth.length} requests`);
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
    centering_within_2pt: fraction(score.centering),
    centering_error_pt: { median: round(percentile(score.centeringErrors, 0.5)), p90: round(percentile(score.centeringErrors, 0.9)), measured: score.centeringErrors.length / 2 },
    cert_ocr_exact: fraction(score.certificate),
    holder_company_exact: fraction(score.company),
    grade_rule_accuracy: fraction(score.gradeGiven),
    location_right: fraction(score.location),
    subgrade_agreement: Object.fromEntries(Object.entries(score.subgrades).map(([k, r]) => [k, fraction(r)])),
    grade_reliability: score.gradeReliability.figures(),
    quality_recall: fraction(score.qualityDue),
    quality_false_rate: fraction(score.qualityFalse),
    quality_precision: fraction(score.qualityPrecision),
    quality_recall_by_defect: Object.fromEntries(Object.entries(score.perDefect).map(([k, r]) => [k, fraction(r)])),
    median_ms_per_image: round(median(msPerImage)),
    identity_by_condition: score.identityByCondition.figures(),
    centering_by_condition: score.centeringByCondition.figures(),
    cert_ocr_by_condition: score.certificateByCondition.figures(),
    holder_company_by_condition: score.companyByCondition.figures(),
    quality_recall_by_condition: score.qualityDueByCondition.figures(),
    quality_false_rate_by_condition: score.qualityFalseByCondition.figures(),
    quality_precision_by_condition: score.qualityPrecisionByCondition.figures(),
    counts: {
      identity: score.identity,
      centering: score.centering,
      certificate: score.certificate,
      holder_company: score.company,
      location: score.location,
      quality_due: score.qualityDue,
      quality_not_due: score.qualityFalse,
      quality_raised: score.qualityPrecision,
    },
  };
}

type Scores = {
  identity: Rate;
  centering: Rate;
  certificate: Rate;
  company: Rate;
  gradeGiven: Rate;
  /** Items whose every reported place holds the request's card (and that say where it is at all). */
  location: Rate;
  subgrades: Record<string, Rate>;
  qualityDue: Rate;
  qualityFalse: Rate;
  /** Quality issues raised on a photo, right when the photo has that defect. */
  qualityPrecision: Rate;
  perDefect: Record<PhotoDefect, Rate>;
  identityByCondition: Tally;
  centeringByCondition: Tally;
  certificateByCondition: Tally;
  companyByCondition: Tally;
  qualityDueByCondition: Tally;
  qualityFalseByCondition: Tally;
  qualityPrecisionByCondition: Tally;
  /** Measured minus printed centering ratio, both axes, in percentage points (absolute). */
  centeringErrors: number[];
  /** Each graded request's stated grade confidence against whether its grade was the truth's. */
  gradeReliability: ReturnType<typeof reliability>;
};

function scoreRequest(request: CardSetRequest, item: CardItem | undefined, issues: Issue[], facts: CardRecognition, score: Scores) {
  const front = request.photos.find((p) => p.face === 'front');
  const identified = facts.identity && item?.identity ? facts.identity.entryId : null;
  count(score.identity, identified === request.entry_id);
  const first = request.photos[0];
  score.identityByCondition.count(first?.conditions, first ? (first.holder ?? false) : null, identified === request.entry_id);

  if (item) {
    const places = item.location ?? [];
    count(score.location, places.length > 0 && places.every(({ image_index, box }) => {
      const photo = request.photos[image_index];
      return photo !== undefined && boxOverlap(box, photo.corners, photo) >= sameBoxOverlap;
    }));
  }

  const back = request.photos.find((p) => p.face === 'back');
  // A grade is due for the identified card with a recognisable back, unless the front photo cuts the
  // card off or shows it too small to measure its borders (docs/api.md, cards).
  const frontMeasurable = !front?.defects.some((d) => d === 'cut_off' || d === 'too_small');
  const gradeDue = Boolean(back?.back_recognisable && identified === request.entry_id && frontMeasurable);
  count(score.gradeGiven, Boolean(item?.grade) === gradeDue);
  const grade = item?.grade;
  if (grade && front) {
    for (const key of ['centering', 'corners', 'edges', 'surface'] as const) {
      count(score.subgrades[key]!, Number(grade.subgrades[key]) === front.subgrades[key]);
    }
    count(score.subgrades.grade!, Number(grade.grade) === front.grade);
    if (grade.confidence !== undefined) score.gradeReliability.count(grade.confidence, Number(grade.grade) === front.grade);
  }

  for (const [index, photo] of request.photos.entries()) {
    const seen = facts.images.find((image) => image.index === index);
    const clean = photo.defects.length === 0;
    // Each photo's figures are also counted under its own conditions (and holder).
    const tally = (t: Tally, hit: boolean) => t.count(photo.conditions, photo.holder ?? false, hit);
    if (clean && photo.card_count === 1) {
      const within = (a: number, b: number) => Math.abs(a - b) <= 0.02;
      const hit = Boolean(seen?.centering && within(seen.centering.horizontal, photo.centering.horizontal) && within(seen.centering.vertical, photo.centering.vertical));
      count(score.centering, hit);
      tally(score.centeringByCondition, hit);
      if (seen?.centering) score.centeringErrors.push(Math.abs(seen.centering.horizontal - photo.centering.horizontal) * 100, Math.abs(seen.centering.vertical - photo.centering.vertical) * 100);
    }
    if (clean && photo.holder) {
      const certificate = seen?.holder?.certificate_number === photo.holder.certificate_number;
      count(score.certificate, certificate);
      tally(score.certificateByCondition, certificate);
      const company = seen?.holder?.company?.toUpperCase() === photo.holder.company;
      count(score.company, company);
      tally(score.companyByCondition, company);
    }

    const raised = new Set(issues.filter((i) => i.image_index === index).map((i) => i.code));
    for (const [defect, code] of Object.entries(defectIssue) as [PhotoDefect, IssueCode][]) {
      // A visible reflection may fairly be reported as glare, so it counts neither way.
      const fairGlare = defect === 'shadow_or_glare' && photo.glare;
      if (photo.defects.includes(defect)) {
        count(score.qualityDue, raised.has(code));
        count(score.perDefect[defect], raised.has(code));
        tally(score.qualityDueByCondition, raised.has(code));
      } else if (!fairGlare) {
        count(score.qualityFalse, raised.has(code));
        tally(score.qualityFalseByCondition, raised.has(code));
      }
      if (raised.has(code) && (photo.defects.includes(defect) || !fairGlare)) {
        count(score.qualityPrecision, photo.defects.includes(defect));
        tally(score.qualityPrecisionByCondition, photo.defects.includes(defect));
      }
    }
  }
}

type Tally = ReturnType<typeof conditionTally>;

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
