import { companyOnLabel, type GradingCompany } from './grading-companies.ts';

/** What a holder label says, as far as OCR could read it. */
export interface HolderLabelText {
  /** The known grading company the label names (its code), or null when it names none of them. */
  company: string | null;
  /** Certificate number, digits only (8–10), or null. */
  certificate_number: string | null;
  /** The grade the label gives the card ("10", "9.5"), or null when none was read. */
  grade: string | null;
  /** Everything OCR read, for logs. */
  raw: string;
}

// Letters OCR confuses with digits inside a number.
const digitLookalikes: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', '|': '1', i: '1', Z: '2', S: '5', s: '5', B: '8', G: '6', b: '6', T: '7', g: '9' };

/**
 * Least share of real digits in a run read as a certificate number; the rest may be letters OCR
 * confuses with digits (`digitLookalikes`). Chosen by hand when labels were first read (60629ba),
 * not measured alone: lower lets words with a few digits pass as numbers, higher loses numbers OCR
 * read badly.
 */
const minDigitShare = 0.7;

/** The words graders print before a grade number, gem mint down to poor. */
const gradeWords = String.raw`(?:GEM\s*-?\s*(?:MT|MINT)|PRISTINE|BLACK\s+LABEL|MINT|NM\s*-?\s*MT|NM|EX\s*-?\s*MT|EX|VG\s*-?\s*EX|VG|GOOD|FAIR|POOR|PR)`;
const gradeAfterWord = new RegExp(String.raw`\b${gradeWords}\s*\+?\s*(10|[1-9](?:[.,]5)?)(?![\d.,])`, 'i');
const gradeAlone = /^(10|[1-9](?:[.,]5)?)$/;

/**
 * The grade printed on a label: a number 1–10 (halves allowed) after a grade word ("GEM MT 10",
 * "NM-MT 8"), else one standing alone on a line (labels that print the number large, the word apart).
 */
function gradeOnLabel(raw: string): string | null {
  const grade = gradeAfterWord.exec(raw.replace(/\n/g, ' '))?.[1] ?? raw.split('\n').map((l) => l.trim()).find((l) => gradeAlone.test(l));
  return grade ? grade.replace(',', '.') : null;
}

/**
 * Finds the company (the known grading company whose code or name the label carries; see
 * companyOnLabel), the certificate number (a run of 8–10 digits, allowing spaces OCR inserts and
 * letters it confuses with digits) and the label's grade.
 */
export function parseLabelText(raw: string, companies: readonly GradingCompany[]): HolderLabelText {
  const tokens = raw.split(/\s+/).filter(Boolean);
  let certificate: string | null = null;
  // Join neighbouring tokens too: "1234 5678" is one number split by OCR.
  for (let span = 1; span <= 3 && !certificate; span++) {
    for (let i = 0; i + span <= tokens.length && !certificate; i++) {
      const joined = tokens.slice(i, i + span).join('').replace(/[#:.,\-]/g, '');
      const digits = [...joined].filter((c) => /\d/.test(c)).length;
      if (digits < joined.length * minDigitShare) continue;
      const fixed = [...joined].map((c) => digitLookalikes[c] ?? c).join('');
      if (/^\d{8,10}$/.test(fixed)) certificate = fixed;
    }
  }
  return { company: companyOnLabel(raw, companies)?.code ?? null, certificate_number: certificate, grade: gradeOnLabel(raw), raw };
}
