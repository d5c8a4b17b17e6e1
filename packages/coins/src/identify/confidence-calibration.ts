/*
 * The recognizer's identity probabilities come from a softmax over match scores (its temperature
 * fitted on tuning seeds) and a date's likelihood: on photos unlike the tuning world they overstate
 * how often the answer is right. They are mapped to stated confidences by an isotonic fit of
 * observed accuracy against them, measured on photos no engine figure is tuned on.
 */

/** A monotone map from the recognizer's probability to a stated confidence: points (raw, calibrated) in increasing raw order, straight between them. */
export type CalibrationPoints = readonly (readonly [raw: number, calibrated: number])[];

/** One answer of the fit's sample: the recognizer's probability and whether what the answer stated was true. */
export interface CalibrationSample {
  raw: number;
  right: boolean;
}

/**
 * The isotonic fit (pool adjacent violators) of rightness against probability: answers sorted by
 * probability are pooled into blocks whose accuracies never fall as the probability rises; each block
 * gives a point at its mean probability. A block's accuracy is taken with one right and one wrong
 * answer added (Laplace's rule): a block of 20 right answers says 21/22, not certainty. Blocks are
 * pooled on that accuracy: pooled on the bare one, a small block of none right (1/7) could stand
 * above a larger one after it with one right (2/38), and the map would fall.
 */
export function fitCalibration(samples: readonly CalibrationSample[]): CalibrationPoints {
  // Answers of one probability are one block from the start, whatever order they came in.
  const byRaw = new Map<number, { rawSum: number; right: number; n: number }>();
  for (const { raw, right } of samples) {
    const block = byRaw.get(raw) ?? { rawSum: 0, right: 0, n: 0 };
    block.rawSum += raw;
    block.right += right ? 1 : 0;
    block.n++;
    byRaw.set(raw, block);
  }
  const blocks: { rawSum: number; right: number; n: number }[] = [];
  for (const [, block] of [...byRaw].sort(([a], [b]) => a - b)) {
    blocks.push({ ...block });
    // Pool while the last block's accuracy does not exceed its predecessor's.
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const before = blocks[blocks.length - 2]!;
      if (laplace(last) > laplace(before)) break;
      blocks.pop();
      before.rawSum += last.rawSum;
      before.right += last.right;
      before.n += last.n;
    }
  }
  return blocks.map((block) => [round(block.rawSum / block.n), round(laplace(block))] as const);
}

/** A block's accuracy with one right and one wrong answer added; blocks are pooled on it, so the fitted points rise as it does. */
const laplace = (block: { right: number; n: number }) => (block.right + 1) / (block.n + 2);

/** The stated confidence for a recognizer probability: the points' line through it, their first or last value beyond them; `raw` itself without points. */
export function calibrated(points: CalibrationPoints, raw: number): number {
  if (points.length === 0) return raw;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (raw <= first[0]) return first[1];
  if (raw >= last[0]) return last[1];
  const after = points.findIndex(([x]) => x > raw);
  const [x0, y0] = points[after - 1]!;
  const [x1, y1] = points[after]!;
  return round(y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0));
}

const round = (v: number) => Math.round(v * 1000) / 1000;
