import { createRng, type Rng } from '../random.ts';
import { escapeXml, fmt, sansFont, serifFont } from '../svg.ts';

/*
 * The label of a grading holder ("slab"): the company's name large, the certificate number in
 * bold sans big enough to OCR from a phone photo, the card's details and grade, and a barcode.
 * The held-out world adds three companies the sample never shows, each with a layout and a code
 * of its own (see heldOutHolderCompanies).
 */

/** The sample's companies: initials large on their own line, `CERT` and 8–10 digits. */
export const holderCompanies = {
  PSG: { name: 'Pristine Slab Grading', colour: '#c8102e', paper: '#ffffff' },
  BGC: { name: 'Bellwether Grading Co.', colour: '#b8902a', paper: '#16181d' },
  CGX: { name: 'Collectors Grade Exchange', colour: '#1d4ed8', paper: '#f4f7fb' },
} as const;

/**
 * The held-out world's other companies. Their initials never stand alone on a line, and their
 * codes are printed their own way: HCA `No. 4412 0931 57` (ten digits in groups), NGS
 * `CERT # 74-551208` (8–9 digits round a hyphen), MCG `SERIAL MC-48213977` (letters and eight
 * digits). The truth's certificate number is the code without spaces, hyphens or words:
 * `4412093157`, `74551208`, `MC48213977`.
 */
export const heldOutHolderCompanies = {
  HCA: { name: 'Halcyon Card Authority', colour: '#0f766e', paper: '#ffffff' },
  NGS: { name: 'Northgate Grading Services', colour: '#d4a72c', paper: '#13294b' },
  MCG: { name: 'Meridian Card Guaranty', colour: '#7a1f2b', paper: '#f3ead2' },
} as const;

export type HolderCompany = keyof typeof holderCompanies | keyof typeof heldOutHolderCompanies;
const companies: Record<HolderCompany, { name: string; colour: string; paper: string }> = { ...holderCompanies, ...heldOutHolderCompanies };

const digits = (rng: Rng, n: number) => String(rng.int(1, 9)) + Array.from({ length: n - 1 }, () => rng.int(0, 9)).join('');

/** A certificate code as `company` issues it, as the truth records it (see heldOutHolderCompanies). */
export function sampleHolderCode(rng: Rng, company: HolderCompany): string {
  switch (company) {
    case 'HCA':
      return digits(rng, 10);
    case 'NGS':
      return digits(rng, rng.int(8, 9));
    case 'MCG':
      return `MC${digits(rng, 8)}`;
    default:
      return digits(rng, rng.int(8, 10));
  }
}

/** The code as the label prints it. */
export function printedHolderCode(company: HolderCompany, code: string): string {
  switch (company) {
    case 'HCA':
      return `No. ${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`;
    case 'NGS':
      return `CERT # ${code.slice(0, 2)}-${code.slice(2)}`;
    case 'MCG':
      return `SERIAL ${code.slice(0, 2)}-${code.slice(2)}`;
    default:
      return `CERT ${code}`;
  }
}

export interface HolderLabel {
  company: HolderCompany;
  /** The code as the truth records it: 8 to 10 digits, or MCG's letters and digits. */
  certificateNumber: string;
  grade: number;
  /** e.g. "2021 AETHERIUM" */
  heading: string;
  /** The card's name. */
  title: string;
  /** e.g. "#007/120 HOLO FOIL" */
  detail: string;
  /** How scratched and scuffed the holder's plastic is, 0 (clean) to 1 (see card-object.ts). */
  scratches?: number;
}

const gradeWords = ['', 'POOR', 'GOOD', 'VG', 'VG-EX', 'EX', 'EX-MT', 'NM', 'NM-MT', 'MINT', 'GEM MT'];

const text = (x: number, y: number, content: string, size: number, fill: string, anchor: 'start' | 'middle' | 'end', bold = true, family = sansFont) =>
  `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${family}" font-size="${size}" font-weight="${bold ? 'bold' : 'normal'}" text-anchor="${anchor}" fill="${fill}">${escapeXml(content)}</text>`;

function barcode(seedText: string, x: number, y: number, width: number, height: number, ink: string): string {
  const rng = createRng(Number.parseInt(seedText.slice(-9), 10) || 1);
  let out = '';
  let at = 0;
  while (at < width) {
    const bar = rng.int(1, 4) * 2;
    if (at + bar > width) break;
    out += `<rect x="${fmt(x + at)}" y="${fmt(y)}" width="${bar}" height="${height}" fill="${ink}"/>`;
    at += bar + rng.int(1, 3) * 2;
  }
  return out;
}

/** A QR-like block: the verification code modern labels carry on their reverse. */
function code(seedText: string, x: number, y: number, size: number, ink: string): string {
  const rng = createRng((Number.parseInt(seedText.slice(0, 9), 10) || 1) ^ 0x5bd1e995);
  const n = 17;
  const cell = size / n;
  let out = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // Three finder squares in the corners, random modules elsewhere.
      const finder = (rr: number, cc: number) => rr < 5 && cc < 5 && (rr === 0 || rr === 4 || cc === 0 || cc === 4 || (rr === 2 && cc === 2));
      const inFinder = finder(r, c) || finder(r, n - 1 - c) || finder(n - 1 - r, c);
      const nearFinder = (r < 6 && c < 6) || (r < 6 && c > n - 7) || (r > n - 7 && c < 6);
      if (inFinder || (!nearFinder && rng.chance(0.5))) out += `<rect x="${fmt(x + c * cell)}" y="${fmt(y + r * cell)}" width="${fmt(cell)}" height="${fmt(cell)}" fill="${ink}"/>`;
    }
  }
  return out;
}

/**
 * The label as SVG elements in a width×height box at the origin. The front carries the card's
 * details and grade; the reverse (seen when the slab is turned over) carries only the company,
 * the certificate number and a verification code.
 */
export function drawHolderLabel(label: HolderLabel, width: number, height: number, side: 'front' | 'back' = 'front'): string {
  if (label.company in heldOutHolderCompanies) return drawHeldOutLabel(label, width, height, side);
  const company = companies[label.company];
  const ink = company.paper === '#16181d' ? '#f5f5f5' : '#111111';
  const k = height / 160;
  const right = width - 18 * k;
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  if (side === 'back') {
    return `<rect width="${width}" height="${height}" rx="${fmt(8 * k)}" fill="${company.paper}" stroke="${company.colour}" stroke-width="${fmt(6 * k)}"/>` +
      text(18 * k, 54 * k, label.company, 52 * k, company.colour, 'start') +
      text(20 * k, 72 * k, company.name.toUpperCase(), 11 * k, ink, 'start', false) +
      text(18 * k, 150 * k, `CERT ${label.certificateNumber}`, 28 * k, ink, 'start') +
      text(20 * k, 104 * k, 'AUTHENTICATED · SEALED', 14 * k, ink, 'start', false) +
      code(label.certificateNumber, right - 130 * k, 15 * k, 130 * k, ink);
  }
  return `<rect width="${width}" height="${height}" rx="${fmt(8 * k)}" fill="${company.paper}" stroke="${company.colour}" stroke-width="${fmt(6 * k)}"/>` +
    text(18 * k, 54 * k, label.company, 52 * k, company.colour, 'start') +
    text(20 * k, 72 * k, company.name.toUpperCase(), 11 * k, ink, 'start', false) +
    barcode(label.certificateNumber, 20 * k, 82 * k, 230 * k, 34 * k, ink) +
    text(18 * k, 150 * k, `CERT ${label.certificateNumber}`, 28 * k, ink, 'start') +
    text(right, 36 * k, clip(label.heading.toUpperCase(), 28), 18 * k, ink, 'end', false) +
    text(right, 66 * k, clip(label.title.toUpperCase(), 22), 22 * k, ink, 'end') +
    text(right, 94 * k, clip(label.detail.toUpperCase(), 28), 17 * k, ink, 'end', false) +
    text(right, 148 * k, `${gradeWords[label.grade] ?? ''} ${label.grade}`, 36 * k, company.colour, 'end');
}

/** The held-out companies' labels: the company spelt out, its initials small and never alone on a line. */
function drawHeldOutLabel(label: HolderLabel, width: number, height: number, side: 'front' | 'back'): string {
  const company = companies[label.company];
  const ink = label.company === 'NGS' ? '#f2f2f2' : '#1a1a1a';
  const k = height / 160;
  const right = width - 16 * k;
  const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  const code = printedHolderCode(label.company, label.certificateNumber);
  const grade = `${gradeWords[label.grade] ?? ''} ${label.grade}`;
  const paper = `<rect width="${width}" height="${height}" rx="${fmt(6 * k)}" fill="${company.paper}"/>`;
  switch (label.company) {
    case 'HCA':
      // A coloured band with initials and name on one line; the code at the foot.
      return paper + `<rect width="${width}" height="${fmt(44 * k)}" rx="${fmt(6 * k)}" fill="${company.colour}"/>` +
        text(14 * k, 31 * k, `${label.company} · ${company.name.toUpperCase()}`, 22 * k, '#ffffff', 'start') +
        (side === 'back'
          ? text(14 * k, 92 * k, 'CERTIFIED AUTHENTIC', 18 * k, ink, 'start', false) + verificationCode(label, right - 96 * k, 52 * k, 96 * k, ink)
          : text(14 * k, 76 * k, clip(label.title.toUpperCase(), 24), 21 * k, ink, 'start') +
            text(14 * k, 98 * k, clip(`${label.heading} ${label.detail}`.toUpperCase(), 36), 14 * k, ink, 'start', false) +
            text(right, 104 * k, String(label.grade), 50 * k, company.colour, 'end') +
            text(right, 126 * k, gradeWords[label.grade] ?? '', 13 * k, ink, 'end', false)) +
        text(14 * k, 150 * k, code, 24 * k, ink, 'start');
    case 'NGS':
      // Dark label: the name spelt out on top, the initials in a round badge, the grade in gold.
      return paper + `<rect x="${fmt(4 * k)}" y="${fmt(4 * k)}" width="${fmt(width - 8 * k)}" height="${fmt(height - 8 * k)}" rx="${fmt(5 * k)}" fill="none" stroke="${company.colour}" stroke-width="${fmt(2 * k)}"/>` +
        text(14 * k, 32 * k, company.name.toUpperCase(), 20 * k, ink, 'start') +
        `<circle cx="${fmt(right - 26 * k)}" cy="${fmt(44 * k)}" r="${fmt(28 * k)}" fill="none" stroke="${company.colour}" stroke-width="${fmt(3 * k)}"/>` +
        text(right - 26 * k, 51 * k, label.company, 18 * k, company.colour, 'middle') +
        (side === 'back'
          ? barcode(label.certificateNumber.replace(/\D/g, ''), 14 * k, 62 * k, 300 * k, 40 * k, ink)
          : text(14 * k, 72 * k, grade, 30 * k, company.colour, 'start') +
            text(14 * k, 98 * k, clip(label.title.toUpperCase(), 26), 18 * k, ink, 'start') +
            text(14 * k, 120 * k, clip(`${label.heading} ${label.detail}`.toUpperCase(), 40), 13 * k, ink, 'start', false) +
            barcode(label.certificateNumber.replace(/\D/g, ''), right - 170 * k, 108 * k, 170 * k, 26 * k, ink)) +
        text(14 * k, 150 * k, code, 22 * k, ink, 'start');
    default:
      // Cream label in serif type: the name in two lines, the initials in a small stamp, a verification code.
      return paper + `<rect x="${fmt(3 * k)}" y="${fmt(3 * k)}" width="${fmt(width - 6 * k)}" height="${fmt(height - 6 * k)}" rx="${fmt(5 * k)}" fill="none" stroke="${company.colour}" stroke-width="${fmt(4 * k)}"/>` +
        text(14 * k, 40 * k, company.name.split(' ')[0]!.toUpperCase(), 30 * k, company.colour, 'start', true, serifFont) +
        text(16 * k, 58 * k, company.name.split(' ').slice(1).join(' ').toUpperCase(), 13 * k, ink, 'start', false, serifFont) +
        `<rect x="${fmt(232 * k)}" y="${fmt(16 * k)}" width="${fmt(44 * k)}" height="${fmt(22 * k)}" fill="${company.colour}"/>` +
        text(254 * k, 32 * k, `${label.company} ${label.grade}`, 12 * k, '#ffffff', 'middle') +
        (side === 'back'
          ? verificationCode(label, right - 100 * k, 14 * k, 100 * k, ink)
          : text(right, 36 * k, clip(label.heading.toUpperCase(), 28), 16 * k, ink, 'end', false, serifFont) +
            text(right, 64 * k, clip(label.title.toUpperCase(), 22), 21 * k, ink, 'end', true, serifFont) +
            text(right, 90 * k, clip(label.detail.toUpperCase(), 28), 15 * k, ink, 'end', false, serifFont) +
            text(14 * k, 108 * k, grade, 30 * k, company.colour, 'start', true, serifFont)) +
        text(14 * k, 148 * k, code, 22 * k, ink, 'start');
  }
}

const verificationCode = (label: HolderLabel, x: number, y: number, size: number, ink: string) => code(label.certificateNumber.replace(/\D/g, ''), x, y, size, ink);
