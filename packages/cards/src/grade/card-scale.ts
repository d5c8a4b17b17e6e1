/*
 * The card grading scale: measurements (what pixels show) → subgrades → grade, on the familiar
 * 1–10 scale. The photo generator labels its ground truth with these same functions, so the
 * accuracy benchmark compares like with like. Documented in docs/grading.md.
 */

/** Centering on one face: the larger share of the two borders on each axis, e.g. 0.55 for 55/45. */
export interface Centering {
  /** left / (left + right) */
  horizontal: number;
  /** top / (top + bottom) */
  vertical: number;
}

/** What the pixels show about wear, each from 0 (pristine) to 1 (heavily worn). */
export interface WearMeasurements {
  /** Per corner (top-left, top-right, bottom-right, bottom-left): rounding and whitening. */
  corners: [number, number, number, number];
  /** Share of the card's perimeter showing chipping or whitening. */
  edges: number;
  /** Scratches, print lines and spots over the card's area. */
  surface: number;
}

export interface CardSubgrades {
  centering: number;
  corners: number;
  edges: number;
  surface: number;
}

/** The worse axis, as the larger share (0.5 is perfect, 1 is all border on one side). */
export function worstShare(centering: Centering): number {
  const share = (v: number) => Math.max(v, 1 - v);
  return Math.max(share(centering.horizontal), share(centering.vertical));
}

// Largest share allowed for each grade, best first: front 55/45 for a 10, back 75/25 for a 10.
const frontLimits: [number, number][] = [[0.55, 10], [0.6, 9], [0.65, 8], [0.7, 7], [0.75, 6], [0.8, 5], [0.85, 4], [0.9, 3], [0.95, 2]];
const backLimits: [number, number][] = [[0.75, 10], [0.8, 9], [0.85, 8], [0.9, 7], [0.95, 6]];

function byLimits(value: number, table: [number, number][], floor: number): number {
  for (const [limit, grade] of table) if (value <= limit) return grade;
  return floor;
}

/** Centering subgrade: the lower of what the front and the back allow (no back: the front alone). */
export function centeringSubgrade(front: Centering, back: Centering | null): number {
  const fromFront = byLimits(worstShare(front), frontLimits, 1);
  return back ? Math.min(fromFront, byLimits(worstShare(back), backLimits, 5)) : fromFront;
}

/** Wear 0..1 → subgrade 10..1: each tenth of wear costs one grade point. */
export function wearSubgrade(wear: number): number {
  const clamped = Math.min(1, Math.max(0, wear));
  return Math.max(1, Math.min(10, 10 - Math.floor(clamped * 10 + 1e-9)));
}

export function cardSubgrades(front: Centering, back: Centering | null, wear: WearMeasurements): CardSubgrades {
  return {
    centering: centeringSubgrade(front, back),
    corners: wearSubgrade(Math.max(...wear.corners)),
    edges: wearSubgrade(wear.edges),
    surface: wearSubgrade(wear.surface),
  };
}

/**
 * The overall grade: a card is held back by its weakest part, so the grade is the lowest subgrade,
 * raised by one when the other three average at least two points above it (never past 10).
 */
export function overallCardGrade(subgrades: CardSubgrades): number {
  const values = [subgrades.centering, subgrades.corners, subgrades.edges, subgrades.surface];
  const lowest = Math.min(...values);
  const others = values.filter((_, i) => i !== values.indexOf(lowest));
  const othersAverage = others.reduce((sum, v) => sum + v, 0) / others.length;
  return Math.min(10, othersAverage >= lowest + 2 ? lowest + 1 : lowest);
}

/**
 * A border's share of the two opposite borders against the other's, in whole percent, as graders
 * write centering: "55/45" for 0.55, "38/62" for 0.38 (the first border the narrower).
 */
export function borderRatio(share: number): string {
  const first = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return `${first}/${100 - first}`;
}
