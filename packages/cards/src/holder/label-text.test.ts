import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTextReader } from '@assay/pixels';
import { parseLabelText } from './label-text.ts';

describe('holder label OCR', () => {
  const reader = createTextReader();
  const readLabel = async (...args: Parameters<typeof reader.read>) => parseLabelText(await reader.read(...args));
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
    expect(parseLabelText(await own.read({ width: info.width, height: info.height, data }, { width: 700 })).certificate_number).toBe('70315526');
    await own.close();
    await expect(own.read({ width: info.width, height: info.height, data })).rejects.toThrow(/closed/);
  });

  it('repairs digits OCR confuses with letters', () => {
    expect(parseLabelText('PSA\n#4821 39O7\n').certificate_number).toBe('48213907');
  });
});
