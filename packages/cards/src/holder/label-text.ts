/** What a holder label says, as far as OCR could read it. */
export interface HolderLabelText {
  /** Grading company, upper case, or null when no word could be read. */
  company: string | null;
  /** Certificate number, digits only (8–10), or null. */
  certificate_number: string | null;
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

/**
 * Finds the company (initials alone on a line, else the longest all-capitals word) and the certificate
 * number (a run of 8–10 digits, allowing spaces OCR inserts and letters it confuses with digits).
 */
export function parseLabelText(raw: string): HolderLabelText {
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
  // Labels print the company's initials large on a line of their own; the card's name and the
  // grade are longer words, or share their line with others.
  const initials = raw.split('\n').map((l) => l.trim()).find((l) => /^[A-Z]{2,5}$/.test(l));
  const words = tokens.map((t) => t.replace(/[^A-Za-z]/g, '')).filter((w) => w.length >= 2 && /^[A-Z]+$/.test(w));
  const company = initials ?? words.sort((a, b) => b.length - a.length)[0] ?? null;
  return { company, certificate_number: certificate, raw };
}
