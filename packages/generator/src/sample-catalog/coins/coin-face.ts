import { escapeXml, fmt, sansFont, svgDocument } from '../../svg.ts';
import type { MetalLook, SampleCoin } from './coin-list.ts';
import { drawDevice, type Device } from './coin-motifs.ts';

/*
 * Coin faces at 256×256 on a transparent background: a disc with a raised rim, the device in
 * relief (stamped dark, light and mid so it reads as struck metal under a top-left light), legends
 * along the rim, and the date and mint mark where the coin carries them.
 */

export const coinSize = 256;
const centre = coinSize / 2;
const rimOuter = 126;
const rimInner = 115;

const metals: Record<MetalLook, { field: string; light: string; dark: string; relief: string }> = {
  copper: { field: '#b06a35', light: '#f0b27a', dark: '#5c2f12', relief: '#c98148' },
  bronze: { field: '#9c6a3c', light: '#dcae7c', dark: '#4f3218', relief: '#b37c4b' },
  zinc: { field: '#b8793f', light: '#f2c08a', dark: '#623814', relief: '#cf9055' },
  steel: { field: '#8f959b', light: '#e6eaee', dark: '#474b50', relief: '#a6acb2' },
  nickel: { field: '#a3a39b', light: '#ecece6', dark: '#55554f', relief: '#b9b9b1' },
  silver: { field: '#bfc3c9', light: '#ffffff', dark: '#6d727a', relief: '#d3d7dc' },
  gold: { field: '#c9992e', light: '#ffe9a3', dark: '#7a560d', relief: '#dcae45' },
  brass: { field: '#bf9a3a', light: '#f6df95', dark: '#6d5011', relief: '#d2ad4c' },
};

// DejaVu Sans Bold advance widths in em, so legends can be spaced evenly along an arc by hand
// (librsvg has no textPath).
const advances: Record<string, number> = {
  A: 0.774, B: 0.762, C: 0.734, D: 0.83, E: 0.683, F: 0.683, G: 0.821, H: 0.837, I: 0.372, J: 0.372, K: 0.775, L: 0.637, M: 0.995,
  N: 0.837, O: 0.85, P: 0.733, Q: 0.85, R: 0.77, S: 0.72, T: 0.682, U: 0.812, V: 0.774, W: 1.103, X: 0.771, Y: 0.724, Z: 0.725,
  ' ': 0.348, '.': 0.38, '~': 0.838,
};
const advance = (ch: string) => advances[ch] ?? 0.696;

/** Text along the rim: 'top' reads clockwise over the top, 'bottom' reads left to right under the device. */
function arcText(text: string, size: number, side: 'top' | 'bottom', spacing = 1.08): string {
  const radius = side === 'top' ? rimInner - 4 - size * 0.73 : rimInner - 5;
  const widths = [...text].map((ch) => advance(ch) * size * spacing);
  const span = widths.reduce((a, b) => a + b, 0) / radius;
  let run = 0;
  let out = '';
  for (const [i, ch] of [...text].entries()) {
    const offset = (run + widths[i]! / 2) / radius;
    run += widths[i]!;
    if (ch === ' ') continue;
    const angle = side === 'top' ? -Math.PI / 2 - span / 2 + offset : Math.PI / 2 + span / 2 - offset;
    const x = centre + radius * Math.cos(angle);
    const y = centre + radius * Math.sin(angle);
    const rotation = (angle * 180) / Math.PI + (side === 'top' ? 90 : -90);
    out += `<text x="0" y="0" transform="translate(${fmt(x)},${fmt(y)}) rotate(${fmt(rotation)})" font-family="${sansFont}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="currentColor">${escapeXml(ch)}</text>`;
  }
  return out;
}

const straightText = (x: number, y: number, text: string, size: number) =>
  `<text x="${x}" y="${y}" font-family="${sansFont}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="currentColor">${escapeXml(text)}</text>`;

/** Stamps raised artwork: a shadow down-right, a highlight up-left, then the face of the relief. */
function relief(art: string, look: MetalLook): string {
  const m = metals[look];
  return `<g color="${m.dark}" opacity="0.75" transform="translate(1.6,1.8)">${art}</g>` +
    `<g color="${m.light}" transform="translate(-1.1,-1.2)">${art}</g>` +
    `<g color="${m.relief}">${art}</g>`;
}

function blank(look: MetalLook): string {
  const m = metals[look];
  return `<defs><radialGradient id="field" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="${m.light}" stop-opacity="0.55"/><stop offset="0.6" stop-color="${m.field}" stop-opacity="0"/></radialGradient></defs>` +
    `<circle cx="${centre}" cy="${centre}" r="${rimOuter}" fill="${m.relief}"/>` +
    `<circle cx="${centre}" cy="${centre}" r="${rimOuter - 1}" fill="none" stroke="${m.dark}" stroke-width="2" opacity="0.6"/>` +
    `<circle cx="${centre}" cy="${centre}" r="${rimInner}" fill="${m.field}" stroke="${m.dark}" stroke-width="2"/>` +
    `<circle cx="${centre}" cy="${centre}" r="${rimInner}" fill="url(#field)"/>`;
}

function device(d: Device): string {
  // Devices are drawn for the full face; shrink them to sit inside the legends.
  return `<g transform="translate(${centre},${centre + 4}) scale(0.62) translate(-${centre},-${centre})">${drawDevice(d)}</g>`;
}

/**
 * How a face prints its date and a reverse its mint mark. The sample catalog's style is the one the
 * engine was developed on; `developmentFaceStyle` prints them smaller and elsewhere, so development
 * runs see a catalog whose dates are not where and as large as the sample's (tools/evaluate-coins.ts
 * `faces=small`), without drawing on the held-out catalog.
 */
export interface CoinFaceStyle {
  /** The date's font size and the middle of its baseline, in the 256-pixel face's pixels. */
  date: { size: number; x: number; y: number };
  /** A reverse mint mark's font size and baseline height. */
  mark: { size: number; y: number };
}

export const sampleFaceStyle: CoinFaceStyle = { date: { size: 17, x: 188, y: 206 }, mark: { size: 14, y: 190 } };
/** Dates 0.7 of the sample's size, under the device's middle; mint marks likewise smaller and lower. */
export const developmentFaceStyle: CoinFaceStyle = { date: { size: 12, x: 128, y: 216 }, mark: { size: 10, y: 200 } };

export function coinObverseSvg(coin: SampleCoin, style: CoinFaceStyle = sampleFaceStyle): string {
  const { obverse } = coin.coinType;
  const mark = coin.mark === 'obverse' ? ` ${coin.mint}` : '';
  const legendSize = obverse.legend.length > 14 ? 15 : 20;
  const art =
    device(obverse.device) +
    arcText(obverse.legend, legendSize, 'top') +
    (obverse.motto ? `<g transform="translate(${centre},${centre}) rotate(58) translate(-${centre},-${centre})">${arcText(obverse.motto, 11, 'bottom')}</g>` : '') +
    straightText(style.date.x, style.date.y, `${coin.year}${mark}`, style.date.size);
  return svgDocument(coinSize, coinSize, blank(coin.look) + relief(art, coin.look));
}

export function coinReverseSvg(coin: SampleCoin, style: CoinFaceStyle = sampleFaceStyle): string {
  const { reverse } = coin.coinType;
  const mark = coin.mark === 'reverse' && coin.mint ? straightText(centre, style.mark.y, coin.mint, style.mark.size) : '';
  const valueSize = reverse.value.length > 16 ? 11 : 15;
  const art =
    device(reverse.device) +
    (reverse.legend ? arcText(reverse.legend, reverse.legend.length > 14 ? 14 : 18, 'top') : '') +
    arcText(reverse.value, valueSize, 'bottom') +
    mark;
  return svgDocument(coinSize, coinSize, blank(coin.look) + relief(art, coin.look));
}
