import type { ToyTextReference } from '../identify/toy-references.ts';

/** What text read off a photo says about which toy it is. */
export interface TextEvidence {
  entryId: string;
  /** The strongest kind of text that matched: a model number names one toy, a maker mark a maker's year, a name a box. */
  kind: 'model_number' | 'maker_mark' | 'name';
  matched: string;
}

// Letters and digits OCR mistakes for each other collapse to one symbol on both sides of a comparison.
const confusable: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', T: '7', S: '5', B: '8', Z: '2', G: '6' };

/** Upper case letters and digits only, confusable ones folded together. */
export function foldText(text: string): string {
  return [...text.toUpperCase().replace(/[^A-Z0-9]/g, '')].map((c) => confusable[c] ?? c).join('');
}

/**
 * Matches OCR text against every toy's model numbers, maker marks and name. A maker mark shared by
 * most toys (MADE IN CHINA) says nothing and is skipped; a model number may be off by one character
 * when it is long enough that one slip cannot make it another's.
 */
export function matchText(raw: string, references: ToyTextReference[]): TextEvidence[] {
  const text = foldText(raw);
  if (text.length < 4) return [];
  const markCount = new Map<string, number>();
  for (const r of references) for (const m of new Set(r.makerMarks.map(foldText))) markCount.set(m, (markCount.get(m) ?? 0) + 1);
  // Model numbers first, exactly; one slip is forgiven only when it then names a single toy
  // (KX-0412 and KX-0413 are one slip apart).
  const models = (errors: number) =>
    references.flatMap((r) => {
      const model = r.modelNumbers.find((m) => foldText(m).length >= 5 && containsApprox(text, foldText(m), errors));
      return model ? [{ entryId: r.entryId, kind: 'model_number' as const, matched: model }] : [];
    });
  let found: TextEvidence[] = models(0);
  if (found.length === 0) {
    const near = models(1);
    if (near.length === 1 && foldText(near[0]!.matched).length >= 6) found = near;
  }
  const named = new Set(found.map((f) => f.entryId));
  for (const r of references) {
    if (named.has(r.entryId)) continue;
    const mark = r.makerMarks.find((m) => {
      const folded = foldText(m);
      return folded.length >= 8 && (markCount.get(folded) ?? 0) <= references.length / 2 && containsApprox(text, folded, Math.floor(folded.length / 8));
    });
    if (mark) {
      found.push({ entryId: r.entryId, kind: 'maker_mark', matched: mark });
      continue;
    }
    const name = foldText(r.name);
    if (name.length >= 8 && containsApprox(text, name, Math.floor(name.length / 8))) found.push({ entryId: r.entryId, kind: 'name', matched: r.name });
  }
  return found;
}

/** Whether `needle` occurs in `text` with at most `errors` edits (approximate substring search). */
export function containsApprox(text: string, needle: string, errors: number): boolean {
  if (needle.length === 0) return false;
  if (errors === 0) return text.includes(needle);
  // Sellers' Levenshtein: row 0 is all zeros, so a match may start anywhere in the text.
  let previous = new Array<number>(needle.length + 1).fill(0).map((_, j) => j);
  for (let i = 1; i <= text.length; i++) {
    const current = [0];
    for (let j = 1; j <= needle.length; j++) {
      const cost = text[i - 1] === needle[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    if (current[needle.length]! <= errors) return true;
    previous = current;
  }
  return false;
}
