/** A card grading company, as its holders' labels print it. */
export interface GradingCompany {
  /** The initials or mark it prints on its labels and is reported by, e.g. "PSA". */
  code: string;
  /** Its name spelt out, which labels often carry beside or instead of the initials. */
  name: string;
  /** Other marks or names its labels carry (a brand, an older name). */
  aliases?: string[];
}

/**
 * The grading companies Assay knows without being told: the ones whose holders are common in card
 * marketplaces. A catalog adds its own (`grading_companies` in catalog.json, docs/catalog.md).
 */
export const defaultGradingCompanies: readonly GradingCompany[] = [
  { code: 'PSA', name: 'Professional Sports Authenticator' },
  { code: 'BGS', name: 'Beckett Grading Services', aliases: ['BECKETT', 'BVG', 'BCCG'] },
  { code: 'SGC', name: 'Sportscard Guaranty' },
  { code: 'CGC', name: 'Certified Guaranty Company', aliases: ['CGC CARDS'] },
  { code: 'TAG', name: 'Technical Authentication & Grading', aliases: ['TAG GRADING'] },
  { code: 'HGA', name: 'Hybrid Grading Approach' },
  { code: 'CSG', name: 'Certified Sports Guaranty' },
  { code: 'ISA', name: 'International Sports Authentication' },
  { code: 'GMA', name: 'GMA Grading' },
  { code: 'KSA', name: 'KSA Certification' },
  { code: 'AGS', name: 'Automated Grading Systems' },
  { code: 'ACE', name: 'Ace Grading' },
  { code: 'MNT', name: 'MNT Grading' },
];

/** The companies a catalog names, then the default ones it does not (a catalog's own entry wins). */
export function gradingCompaniesWith(catalogCompanies: readonly GradingCompany[] = []): GradingCompany[] {
  const named = new Set(catalogCompanies.map((c) => c.code));
  return [...catalogCompanies, ...defaultGradingCompanies.filter((c) => !named.has(c.code))];
}

// Letters and digits OCR takes for each other in short capitals.
const lookalike: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' };
const asLetters = (word: string) => [...word].map((c) => lookalike[c] ?? c).join('');

/** Upper-case words of letters and digits, in reading order. */
const wordsOf = (text: string) => text.toUpperCase().split(/[^A-Z0-9&]+/).filter(Boolean);

/** Edits (insertions, deletions, substitutions) between two words. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * A word of a name read as itself, one letter in five misread or dropped (small print on a label).
 * Hand-set, not measured alone: more lets the words of other names pass ("GRADING" for "TRADING");
 * short words must match exactly (one edit turns "CARD" into "CART").
 */
const sameWord = (read: string, word: string) => (word.length < 5 ? read === word : editDistance(read, word) <= Math.floor(word.length / 5));

/**
 * How plainly a label's words name `company`: 3 for its code or an alias read as a word of its own
 * (letters OCR takes for digits allowed), else up to 2 for the share of its name's own words read on
 * the label. A name's own words are its words of 4 letters and up that no other known company's name
 * has: "GRADING" or "GUARANTY" name no one, and a name spelt over two lines or partly lost still counts.
 */
function evidence(company: GradingCompany, ownWords: readonly string[], words: readonly string[], text: string): number {
  const marks = [company.code, ...(company.aliases ?? [])].map((m) => m.toUpperCase());
  if (marks.some((mark) => (mark.includes(' ') ? text.includes(mark) : words.some((w) => w === mark || asLetters(w) === mark)))) return 3;
  if (ownWords.length === 0) return 0;
  return (2 * ownWords.filter((word) => words.some((w) => sameWord(w, word))).length) / ownWords.length;
}

// Each list's own name words, worked out once per list rather than at every label read.
const ownWords = new WeakMap<readonly GradingCompany[], string[][]>();

/** Each company's own name words: those of 4 letters and up that no other company's name in the list has. */
function ownWordsOf(companies: readonly GradingCompany[]): string[][] {
  let own = ownWords.get(companies);
  if (!own) {
    const nameWords = companies.map((c) => new Set(wordsOf(c.name).filter((w) => w.length >= 4)));
    own = nameWords.map((words, i) => [...words].filter((word) => !nameWords.some((other, j) => j !== i && other.has(word))));
    ownWords.set(companies, own);
  }
  return own;
}

/**
 * The known company a label's text names, or null: never a stray word off the label (the grade word,
 * the card's name). The company with the plainest evidence wins; a tie between two is no answer.
 */
export function companyOnLabel(raw: string, companies: readonly GradingCompany[]): GradingCompany | null {
  const words = wordsOf(raw);
  const text = words.join(' ');
  const own = ownWordsOf(companies);
  const scored = companies
    .map((company, i) => ({ company, score: evidence(company, own[i]!, words, text) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  if (scored.length === 0 || (scored.length > 1 && scored[1]!.score === scored[0]!.score)) return null;
  return scored[0]!.company;
}
