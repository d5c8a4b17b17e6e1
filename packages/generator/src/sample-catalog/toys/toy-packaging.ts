import { fmt, svgDocument, svgText } from '../../svg.ts';
import { drawToy, shade } from './toy-drawings.ts';
import type { SampleToy } from './toy-list.ts';

/*
 * Retail packaging at 256×256: the brand logo, the toy behind a window (or bubble), the name and
 * the model number printed clearly, since those are what a collector photographs to prove identity.
 */

export const toyImageSize = 256;
const studio = '#f3f3f1';

function toyIn(toy: SampleToy, x: number, y: number, size: number): string {
  return `<g transform="translate(${fmt(x)},${fmt(y)}) scale(${fmt(size / 256)})">${drawToy(toy.look, 'front')}</g>`;
}

/** Black or white, whichever reads better on the background. */
function inkOn(background: string): string {
  const n = Number.parseInt(background.slice(1), 16);
  const luma = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luma > 150 ? '#1a1a1a' : '#ffffff';
}

function labels(toy: SampleToy, top: number, bottom: number, ink: string, left = 44, right = 212, logoInk = ink): string {
  const name = toy.name.length > 22 ? `${toy.name.slice(0, 21)}…` : toy.name;
  return svgText(128, top, toy.brand.toUpperCase(), { size: toy.brand.length > 12 ? 15 : 19, fill: logoInk, anchor: 'middle', weight: 'bold', extra: 'letter-spacing="1"' }) +
    svgText(128, bottom - 16, name, { size: 11, fill: ink, anchor: 'middle', weight: 'bold' }) +
    svgText(left, bottom, toy.modelNumbers[0]!, { size: 11, fill: ink, weight: 'bold' }) +
    svgText(right, bottom, toy.subType === 'plush' ? 'ALL AGES' : 'AGES 4+', { size: 9, fill: ink, anchor: 'end' });
}

export function toyPackagingSvg(toy: SampleToy): string {
  const { primary, secondary } = toy.look;
  const panel = shade(primary, 0.55);
  let body = `<rect width="256" height="256" fill="${studio}"/>`;
  switch (toy.packaging) {
    case 'blister':
      body += `<rect x="36" y="8" width="184" height="240" rx="8" fill="${panel}"/><circle cx="128" cy="22" r="7" fill="${studio}"/>` +
        `<rect x="56" y="50" width="144" height="150" rx="18" fill="#ffffff" opacity="0.35" stroke="#ffffff" stroke-width="2"/>` +
        toyIn(toy, 60, 54, 136) + labels(toy, 46, 236, '#ffffff', 48, 208);
      break;
    case 'hang-tag':
      body += toyIn(toy, 6, 18, 232) + `<path d="M150,60 L176,40" stroke="#aaa" stroke-width="2"/>` +
        `<rect x="150" y="20" width="96" height="120" rx="10" fill="${panel}" stroke="#ffffff" stroke-width="3"/>` +
        svgText(198, 50, toy.brand.split(' ')[0]!.toUpperCase(), { size: 14, fill: '#ffffff', anchor: 'middle', weight: 'bold' }) +
        svgText(198, 68, toy.brand.split(' ').slice(1).join(' ').toUpperCase(), { size: 12, fill: '#ffffff', anchor: 'middle', weight: 'bold' }) +
        svgText(198, 96, toy.character ?? toy.name, { size: 12, fill: '#ffffff', anchor: 'middle' }) +
        svgText(198, 126, toy.modelNumbers[0]!, { size: 12, fill: '#ffffff', anchor: 'middle', weight: 'bold' });
      break;
    default: {
      const windowed = toy.packaging === 'window-box';
      body += `<path d="M22,20 L222,20 L238,32 L238,244 L38,244 L22,232 Z" fill="${shade(panel, 0.7)}"/>` +
        `<rect x="22" y="20" width="200" height="212" fill="${panel}"/><rect x="22" y="20" width="200" height="34" fill="${secondary}" opacity="0.9"/>` +
        (windowed ? `<rect x="40" y="60" width="164" height="134" fill="#ffffff" opacity="0.85"/>` : `<rect x="40" y="60" width="164" height="134" fill="${shade(secondary, 0.9)}"/>`) +
        toyIn(toy, 56, 60, 132) + labels(toy, 44, 224, '#ffffff', 34, 210, inkOn(secondary));
    }
  }
  return svgDocument(toyImageSize, toyImageSize, body);
}

export function toyItemSvg(toy: SampleToy, view: 'front' | 'side'): string {
  return svgDocument(toyImageSize, toyImageSize, `<rect width="256" height="256" fill="${studio}"/>${drawToy(toy.look, view)}`);
}
