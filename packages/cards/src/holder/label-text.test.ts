import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTextReader } from '@assay/pixels';
import { defaultGradingCompanies, gradingCompaniesWith } from './grading-companies.ts';
import { parseLabelText } from './label-text.ts';

describe('holder label OCR', () => {
  const reader = createTextReader();
  // A catalog that names its own company beside the known ones.
  const companies = gradingCompaniesWith([{ code: 'GRADEX', name: 'Gradex Authentication' }]);
  const readLabel = async (...args: Parameters<typeof reader.read>) => parseLabelText(await reader.read(...args), companies);
  afterAll(() => reader.close());

  it('reads company and certificate number from a rendered label', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="110"><rect width="420" height="110" fill="#f2f2ee"/>
      <text x="20" y="45" font-family="sans-serif" font-size="30" font-weight="bold" fill="#b01c1c">GRADEX</text>
      <text x="20" y="90" font-family="sans-serif" font-size="26" fill="#111">Cert 48213907</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    const text = await readLabel({ width: info.width, height: info.height, data });
    expect(text.certificate_number).toBe('48213907');
    expect(text.company).toBe('GRADEX');
  });

  it('starts ahead of the first label with warm(), reads at a width chosen per read, and refuses reads once closed', async () => {
    const own = createTextReader();
    await own.warm();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="110"><rect width="420" height="110" fill="#f2f2ee"/>
      <text x="20" y="70" font-family="sans-serif" font-size="34" fill="#111">Cert 70315526</text></svg>`;
    const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(parseLabelText(await own.read({ width: info.width, height: info.height, data }, { width: 700 }), companies).certificate_number).toBe('70315526');
    await own.close();
    await expect(own.read({ width: info.width, height: info.height, data })).rejects.toThrow(/closed/);
  });

  it('repairs digits OCR confuses with letters', () => {
    expect(parseLabelText('PSA\n#4821 39O7\n', defaultGradingCompanies).certificate_number).toBe('48213907');
  });

  it("names a known company by its code, an alias or its name spelt out, and the label's grade", () => {
    const heldOut = gradingCompaniesWith([
      { code: 'HCA', name: 'Halcyon Card Authority' },
      { code: 'NGS', name: 'Northgate Grading Services' },
      { code: 'MCG', name: 'Meridian Card Guaranty' },
    ]);
    expect(parseLabelText('PSA\n2021 AETHERIUM\nQUASAR MONK\nGEM MT 10\nCERT 48213907', heldOut)).toMatchObject({ company: 'PSA', grade: '10', certificate_number: '48213907' });
    // Letters read as digits in the initials; a company known by its brand.
    expect(parseLabelText('P5A\nNM-MT 8', heldOut)).toMatchObject({ company: 'PSA', grade: '8' });
    expect(parseLabelText('BECKETT\nPRISTINE 9.5', heldOut)).toMatchObject({ company: 'BGS', grade: '9.5' });
    // The name spelt out over two lines with the initials lost; a letter of it misread.
    expect(parseLabelText('MERIDIAN\nCARD GUARANTY\nMINT 9\nSERIAL MC-48213977', heldOut)).toMatchObject({ company: 'MCG', grade: '9' });
    expect(parseLabelText('NORTHGATF GRADING SERVICES\nMINT 9', heldOut).company).toBe('NGS');
    // A grade printed large on its own line, its word apart.
    expect(parseLabelText('HCA · HALCYON CARD AUTHORITY\nQUASAR MONK\n10\nGEM MT\nNo. 4412 0931 57', heldOut)).toMatchObject({ company: 'HCA', grade: '10' });
  });

  it('names no company rather than a stray word, and none when two are named alike', () => {
    // The grade word, the card's name and a word shared by many companies' names name none.
    expect(parseLabelText('GEM MT 10\nCHARIZARD HOLO\nGRADING\nCERT 12345678', defaultGradingCompanies)).toMatchObject({ company: null, grade: '10' });
    expect(parseLabelText('PSA SGC\nMINT 9', defaultGradingCompanies).company).toBeNull();
    expect(parseLabelText('CERT 12345678', defaultGradingCompanies).grade).toBeNull();
  });
});
