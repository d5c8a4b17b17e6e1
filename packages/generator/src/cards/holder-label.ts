import { createRng } from '../random.ts';
import { escapeXml, fmt, sansFont } from '../svg.ts';

/*
 * The label of a grading holder ("slab"): the company's name large, the certificate number in
 * bold sans big enough to OCR from a phone photo, the card's details and grade, and a barcode.
 */

export const holderCompanies = {
  PSG: { name: 'Pristine Slab Grading', colour: '#c8102e', paper: '#ffffff' },
  BGC: { name: 'Bellwether Grading Co.', colour: '#b8902a', paper: '#16181d' },
  CGX: { name: 'Collectors Grade Exchange', colour: '#1d4ed8', paper: '#f4f7fb' },
} as const;
export type HolderCompany = keyof typeof holderCompanies;

export interface HolderLabel {
  company: HolderCompany;
  /** 8 to 10 digits. */
  certificateNumber: string;
  grade: number;
  /** e.g. "2021 AETHERIUM" */
  heading: string;
  /** The card's name. */
  title: string;
  /** e.g. "#007/120 HOLO FOIL" */
  detail: string;
}

const gradeWords = ['', 'POOR', 'GOOD', 'VG', 'VG-EX', 'EX', 'EX-MT', 'NM', 'NM-MT', 'MINT', 'GEM MT'];

const text = (x: number, y: number, content: string, size: number, fill: string, anchor: 'start' | 'end', bold = true) =>
  `<text x="${fmt(x)}" y="${fmt(y)}" font-family="${sansFont}" font-size="${size}" font-weight="${bold ? 'bold' : 'normal'}" text-anchor="${anchor}" fill="${fill}">${escapeXml(content)}</text>`;

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
  const company = holderCompanies[label.company];
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
