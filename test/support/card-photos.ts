import { readdirSync } from 'node:fs';
import sharp from 'sharp';

const catalog = new URL('../../catalog/sample/', import.meta.url).pathname;

/** The sample catalog's card ids, sorted. */
export const sampleCardIds = readdirSync(`${catalog}cards`).sort();

/**
 * A plain photo of a sample card face lying flat on a table: enough for request-rule tests. The
 * photo generator (packages/generator) makes the realistic ones the accuracy benchmark uses.
 */
export async function flatCardPhoto(face: { cardId: string } | { back: 'aetherium' | 'kaiju' | 'starfall' }): Promise<Buffer> {
  const file = 'cardId' in face ? `${catalog}cards/${face.cardId}/front.png` : `${catalog}backs/${face.back}.png`;
  const card = await sharp(file).resize(420).toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 92, g: 104, b: 86 } } })
    .composite([{ input: card, left: 390, top: 160 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const asBase64Image = (bytes: Buffer, filename = 'photo.jpg') => ({ filename, data: bytes.toString('base64') });
