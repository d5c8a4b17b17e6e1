import type { CardEntry } from '@assay/catalog';
import { issue, placeInWords, type CardItem, type CategoryEngine, type EngineImage, type EngineResult, type Issue, type Section } from '@assay/contract';
import { qualityIssuesOf } from '@assay/pixels';
import type { CardRecognition, CardRecognizer } from './card-recognizer.ts';
import { borderRatio, cardSubgrades, overallCardGrade, type Centering } from './grade/card-scale.ts';
import { gradeConfidence, type GradeConfusion } from './grade/grade-confidence.ts';
import measuredGrades from './grade/grade-confusion.json' with { type: 'json' };

export interface CardsEngineDeps {
  recognizer: CardRecognizer;
  /** The catalog's card entries by id, from the version the recognizer was built on. */
  entries: ReadonlyMap<string, CardEntry>;
  catalogVersionId: number;
  /** Below this confidence the best match is not reported as the card's identity. */
  minIdentityConfidence?: number;
  /** How the engine's grades compared with the truth, which a grade's confidence is drawn from; by default the one shipped (grade-confusion.json). */
  gradeConfusion?: GradeConfusion;
}

/**
 * The engine's grades against the truth on generated photos of both photo worlds that no figure is
 * tuned on, counted by tools/fit-card-grade-confidence.ts (its command and seeds are in the file).
 */
const shippedConfusion: GradeConfusion = measuredGrades.confusion;

/**
 * The card rules of the spec over the recognizer's facts: the front identifies the card; a grade
 * needs a recognisable back of the same game; one card per request; holder labels and reflections
 * reported; photo quality reported per image.
 */
export function createCardsEngine({ recognizer, entries, catalogVersionId, minIdentityConfidence = 0.5, gradeConfusion = shippedConfusion }: CardsEngineDeps): CategoryEngine<'cards'> {
  return {
    async assess(images: EngineImage[], sections: readonly Section[]): Promise<EngineResult<'cards'>> {
      const recognition = await recognizer.recognizeCard(images.map(({ index, bytes }) => ({ index, bytes })));
      const issues = imageIssues(recognition);
      const candidate = recognition.identity;
      const entry = candidate && candidate.confidence >= minIdentityConfidence ? entries.get(candidate.entryId) : undefined;

      if (recognition.frontIndex === null) {
        issues.push(issue('CARD_FRONT_MISSING', 'no image shows the front of a card, which is what identifies it', { severity: 'error' }));
        return { summary: {}, items: [], issues, catalogVersionId };
      }
      if (!entry) {
        issues.push(
          issue('ITEM_NOT_IDENTIFIED', 'the card matches nothing in the catalog well enough to name it', {
            severity: 'error',
            imageIndex: recognition.frontIndex,
          }),
        );
        return { summary: {}, items: [], issues, catalogVersionId };
      }

      const item: CardItem = {};
      if (sections.includes('identity')) {
        item.identity = { ...entry.identity, confidence: round(candidate!.confidence), holder: recognition.holder };
        item.candidates = recognition.runnersUp.flatMap(({ entryId, confidence }) => {
          const other = entries.get(entryId);
          return other ? [{ identity: { ...other.identity }, confidence: round(confidence) }] : [];
        });
      }
      if (sections.includes('grade')) {
        const grade = gradeOf(recognition, entry, issues, gradeConfusion);
        if (grade) item.grade = grade;
      }
      // Where it was seen is no section: it comes with whichever are served.
      item.location = locationOf(recognition, entry);
      return { summary: {}, items: [item], issues, catalogVersionId };
    },
  };
}

/**
 * Where the card was seen: in the chosen front and back, and in any other image showing a front
 * identified as the same card or a back of its game; in image order.
 */
function locationOf(recognition: CardRecognition, entry: CardEntry) {
  const showsIt = (image: CardRecognition['images'][number]) =>
    image.index === recognition.frontIndex ||
    image.index === recognition.backIndex ||
    (image.face === 'front' && image.candidates[0]?.entryId === entry.id) ||
    (image.face === 'back' && image.back !== null && image.back !== 'unrecognised' && image.back.gameId === entry.game_id);
  return recognition.images.flatMap((image) => (image.location && showsIt(image) ? [image.location] : [])).sort((a, b) => a.image_index - b.image_index);
}

/** Per-image findings: quality, missing cards, several cards, holder trouble. */
function imageIssues(recognition: CardRecognition): Issue[] {
  const issues: Issue[] = [];
  for (const image of recognition.images) {
    issues.push(...qualityIssuesOf(image.qualityIssues, image.index));
    if (image.cardLocations.length === 0) {
      issues.push(issue('ITEM_NOT_FOUND', `image ${image.index}: no card was found`, { imageIndex: image.index }));
    }
    if (image.cardLocations.length > 1) {
      issues.push(issue('MULTIPLE_ITEMS', `image ${image.index}: ${image.cardLocations.length} cards in one photo (${image.cardLocations.map(placeInWords).join('; ')}); send one card per request`, { imageIndex: image.index }));
    }
    if (image.reflection) {
      issues.push(issue('HOLDER_REFLECTION', `image ${image.index}: reflections on the holder hide part of the card`, { imageIndex: image.index }));
    }
    if (image.holder && !image.holder.certificate_number) {
      issues.push(issue('HOLDER_LABEL_UNREADABLE', `image ${image.index}: the holder's label could not be read`, { imageIndex: image.index }));
    }
  }
  const fronts = new Set(recognition.images.filter((i) => i.face === 'front' && i.candidates[0]).map((i) => i.candidates[0]!.entryId));
  if (fronts.size > 1) issues.push(issue('MULTIPLE_ITEMS', 'the images show fronts of different cards; send one card per request'));
  return issues;
}

/** A grade needs a back recognisably of the card's game; otherwise an issue says why there is none. */
function gradeOf(recognition: CardRecognition, entry: CardEntry, issues: Issue[], confusion: GradeConfusion) {
  if (recognition.backIndex === null) {
    // A card that is neither a known front nor a known back, beside the front: a back we do not know.
    const unknown = recognition.images.find((i) => i.index !== recognition.frontIndex && i.cardLocations.length > 0 && i.face === 'unknown');
    issues.push(
      unknown
        ? issue('CARD_BACK_NOT_RECOGNIZED', `image ${unknown.index} shows no known back of ${entry.identity.game}, so the card is not graded`, {
            section: 'grade',
            imageIndex: unknown.index,
          })
        : issue('CARD_BACK_MISSING', 'no image shows the back of the card, so it is not graded', { section: 'grade' }),
    );
    return null;
  }
  if (recognition.backGameId !== entry.game_id) {
    issues.push(
      issue('CARD_BACK_NOT_RECOGNIZED', `the back is not a known back of ${entry.identity.game}, so the card is not graded`, {
        section: 'grade',
        imageIndex: recognition.backIndex,
      }),
    );
    return null;
  }
  // A card the photo cuts off or shows too small has its borders and corners measured on what is
  // not the card: its centering and wear would be invented. Every withheld grade says why.
  const framing = (index: number | null) => {
    const flags = recognition.images.find((i) => i.index === index)?.qualityIssues ?? [];
    return flags.includes('cut_off') ? 'the card runs off the photo' : flags.includes('too_small') ? 'the card is too small in the photo' : null;
  };
  const frontFraming = framing(recognition.frontIndex);
  const { front, back: measuredBack } = recognition.centering;
  if (frontFraming || !front || !recognition.wear) {
    const cause = frontFraming ?? 'its edges and printed frame could not be told apart';
    issues.push(
      issue('CARD_BORDERS_UNMEASURED', `image ${recognition.frontIndex}: the front's borders could not be measured (${cause}), so the card is not graded; photograph the whole card, flat and filling most of the photo`, {
        section: 'grade',
        ...(recognition.frontIndex !== null && { imageIndex: recognition.frontIndex }),
      }),
    );
    return null;
  }
  // A back cut off or too small still shows its game, but not its centering: the front's alone counts.
  const back = framing(recognition.backIndex) ? null : measuredBack;
  const subgrades = cardSubgrades(front, back, recognition.wear);
  const grade = overallCardGrade(subgrades);
  const confidence = gradeConfidence(grade, confusion);
  return {
    grade: String(grade),
    subgrades: {
      centering: String(subgrades.centering),
      corners: String(subgrades.corners),
      edges: String(subgrades.edges),
      surface: String(subgrades.surface),
    },
    centering_ratios: { front: centeringRatios(front), back: back && centeringRatios(back) },
    ...(confidence !== null && { confidence }),
  };
}

/** A face's measured centering as sellers and graders quote it: each axis's first border against the other, in percent. */
function centeringRatios({ horizontal, vertical }: Centering) {
  return { left_right: borderRatio(horizontal), top_bottom: borderRatio(vertical) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
