/**
 * How the engine's grades compared with the truth on photos whose truth is known: for each grade
 * given ("7"), how many of those cards were truly of each grade ({ "7": 6, "9": 4 }).
 */
export type GradeConfusion = Readonly<Record<string, Readonly<Record<string, number>>>>;

/**
 * Pseudo-counts that pull a grade's observed accuracy toward the accuracy over every grade, so that
 * a grade given a handful of times is not stated certain or hopeless on that handful: a common
 * smoothing strength, not fitted. It moves a grade counted 25 times by a sixth of the way to the
 * overall rate, one counted 5 times half the way.
 */
const priorWeight = 5;

/**
 * The probability that a card given this grade truly has it: among the cards the confusion holds that
 * were given this grade, the share that truly had it (smoothed toward the share over every grade). On
 * our photos the engine's grades are far surer at the top of the scale than below it (docs/api.md),
 * which a confidence drawn from the measurements' usual errors alone did not show: it was measured and
 * left (the change's commit). Null when the confusion holds no graded card.
 */
export function gradeConfidence(grade: number, confusion: GradeConfusion): number | null {
  let [all, allRight] = [0, 0];
  for (const [given, truths] of Object.entries(confusion)) {
    for (const [truth, count] of Object.entries(truths)) {
      all += count;
      if (truth === given) allRight += count;
    }
  }
  if (all === 0) return null;
  const truths = confusion[String(grade)] ?? {};
  const given = Object.values(truths).reduce((sum, count) => sum + count, 0);
  const right = truths[String(grade)] ?? 0;
  return Math.round(((right + (priorWeight * allRight) / all) / (given + priorWeight)) * 1000) / 1000;
}
