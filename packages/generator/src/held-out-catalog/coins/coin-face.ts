import { escapeXml, fmt, serifFont, svgDocument } from '../../svg.ts';
import { drawHeldOutDevice, starRing } from './coin-devices.ts';
import type { Flan, HeldOutCoin, HeldOutMetal } from './coin-list.ts';

/*
 * Held-out coin faces at 300×300 on a transparent background, drawn unlike the sample's: the flan
 * takes its real outline (round, 11- or 12-sided, the 20 cent's notched flower), bimetallic coins
 * show ring and core in two metals, Canadian rims carry beads (denticles) and the euro's national
 * sides a ring of twelve stars. The device is frosted: a gradient body with an engraved outline
 * over a soft shadow, lit from the upper right, on a polished field lit the same way.
 * Canadian legends are in serif type and split left and right of the portrait; the year is on the
 * reverse in Canada, beside the mint letter on the German national side.
 */

export const heldOutCoinSize = 300;
const C = heldOutCoinSize / 2;
const outer = 148;
const fieldRadius = 133;

interface Look { field: string; relief: string; light: string; dark: string }

const looks: Record<HeldOutMetal, Look> = {
  bronze: { field: '#8e5230', relief: '#c98157', light: '#f3c19b', dark: '#3f1d0c' },
  copper: { field: '#a45a33', relief: '#dc9068', light: '#ffd0b0', dark: '#4a220e' },
  nickel: { field: '#8f9398', relief: '#c9cdd2', light: '#f6f8fa', dark: '#3d4147' },
  silver: { field: '#a9adb5', relief: '#dfe2e7', light: '#ffffff', dark: '#555a62' },
  aureate: { field: '#a07a2a', relief: '#dcbc62', light: '#fff0b0', dark: '#4e3608' },
  nordic: { field: '#a98a3a', relief: '#e1c878', light: '#fff3c0', dark: '#55420e' },
  brass: { field: '#b08f40', relief: '#e4c982', light: '#fff4c8', dark: '#5a4512' },
};

function flanPath(flan: Flan, r: number): string {
  if (flan.shape === 'round') return `M${C - r},${C} A${r},${r} 0 1 0 ${C + r},${C} A${r},${r} 0 1 0 ${C - r},${C} Z`;
  if (flan.shape === 'polygon') {
    // Corners rounded a little, as struck polygonal coins are: each corner is a quadratic curve
    // from 12% before the vertex to 12% after it.
    const vertex = (i: number): [number, number] => {
      const a = -Math.PI / 2 + (i / flan.sides) * Math.PI * 2;
      return [C + r * Math.cos(a), C + r * Math.sin(a)];
    };
    const towards = (p: [number, number], q: [number, number], t: number) => `${fmt(p[0] + (q[0] - p[0]) * t)},${fmt(p[1] + (q[1] - p[1]) * t)}`;
    let d = '';
    for (let i = 0; i < flan.sides; i++) {
      const [prev, at, next] = [vertex(i - 1), vertex(i), vertex(i + 1)];
      d += `${i === 0 ? 'M' : 'L'}${towards(at, prev, 0.12)} Q${fmt(at[0])},${fmt(at[1])} ${towards(at, next, 0.12)} `;
    }
    return `${d}Z`;
  }
  // The flower: a circle with shallow rounded notches between equal lobes.
  const points: [number, number][] = [];
  for (let d = 0; d < 360; d += 2) {
    const angle = ((d - 90) * Math.PI) / 180;
    const phase = (d % (360 / flan.notches)) / (360 / flan.notches);
    const notch = Math.max(0, 1 - Math.abs(phase - 0.5) * 9);
    const rr = r - 8 * notch * notch;
    points.push([C + rr * Math.cos(angle), C + rr * Math.sin(angle)]);
  }
  return `M${points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' L')} Z`;
}

const advance = (ch: string) => ('I.·-1 '.includes(ch) ? 0.42 : 'MW'.includes(ch) ? 0.95 : 0.7);

/**
 * Letters along a circle of radius r, centred on `at` degrees (0 = top, clockwise). Upper text
 * reads clockwise with letter tops outwards; lower text (`upper` false) reads counter-clockwise
 * with letter tops towards the centre, so both read left to right.
 */
function legend(text: string, r: number, at: number, size: number, family: string, upper: boolean, spacing = 1): string {
  const chars = [...text];
  const widths = chars.map((ch) => advance(ch) * size * spacing);
  const total = widths.reduce((a, b) => a + b, 0);
  const radius = upper ? r : r + size * 0.72;
  let run = -total / 2;
  let out = '';
  for (const [i, ch] of chars.entries()) {
    const offset = ((run + widths[i]! / 2) / radius) * (180 / Math.PI);
    run += widths[i]!;
    if (ch === ' ') continue;
    const deg = upper ? at + offset : at - offset;
    const a = ((deg - 90) * Math.PI) / 180;
    const [x, y] = [C + radius * Math.cos(a), C + radius * Math.sin(a)];
    const rotation = upper ? deg : deg + 180;
    out += `<text transform="translate(${fmt(x)},${fmt(y)}) rotate(${fmt(rotation)})" font-family="${family}" font-weight="bold" font-size="${size}" text-anchor="middle">${escapeXml(ch)}</text>`;
  }
  return out;
}

const label = (x: number, y: number, text: string, size: number, family = serifFont) =>
  `<text x="${x}" y="${y}" font-family="${family}" font-weight="bold" font-size="${size}" text-anchor="middle">${escapeXml(text)}</text>`;

/** Relief in one metal: a soft shadow, then the frosted body with an engraved outline. */
function relief(art: string, metal: HeldOutMetal, id: string): string {
  const m = looks[metal];
  return `<defs><linearGradient id="${id}" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.light}"/><stop offset="0.45" stop-color="${m.relief}"/><stop offset="1" stop-color="${m.field}"/></linearGradient></defs>` +
    `<g filter="url(#soft)" fill="${m.dark}" stroke="${m.dark}" opacity="0.7" transform="translate(-1.4,2)">${art}</g>` +
    `<g fill="url(#${id})" stroke="${m.dark}" stroke-width="0.9">${art}</g>`;
}

function field(metal: HeldOutMetal, id: string, r: number): string {
  const m = looks[metal];
  return `<defs><radialGradient id="${id}" cx="0.62" cy="0.36" r="0.8"><stop offset="0" stop-color="${m.relief}"/><stop offset="0.7" stop-color="${m.field}"/><stop offset="1" stop-color="${m.dark}"/></radialGradient></defs>` +
    `<circle cx="${C}" cy="${C}" r="${r}" fill="url(#${id})"/>`;
}

interface Parts {
  /** Drawn in the ring metal (or the only metal): legends, stars, beads. */
  outerArt: string;
  /** Drawn in the core metal on a bimetallic coin, else with the rest. */
  innerArt: string;
}

function blank(coin: HeldOutCoin, parts: Parts): string {
  const bimetal = typeof coin.metal === 'object' ? coin.metal : null;
  const outerMetal = bimetal ? bimetal.ring : (coin.metal as HeldOutMetal);
  const innerMetal = bimetal ? bimetal.core : outerMetal;
  const m = looks[outerMetal];
  const coreR = bimetal ? outer * bimetal.coreShare : fieldRadius;
  const beads = coin.coinType.country === 'Canada'
    ? Array.from({ length: 110 }, (_, i) => {
      const a = (i / 110) * Math.PI * 2;
      return `<circle cx="${fmt(C + 137.5 * Math.cos(a))}" cy="${fmt(C + 137.5 * Math.sin(a))}" r="1.9"/>`;
    }).join('')
    : '';
  const defs = `<defs><filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="1.3"/></filter>` +
    `<linearGradient id="rim" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${m.light}"/><stop offset="0.5" stop-color="${m.relief}"/><stop offset="1" stop-color="${m.dark}"/></linearGradient></defs>`;
  return defs +
    `<path d="${flanPath(coin.flan, outer)}" fill="url(#rim)"/>` +
    `<path d="${flanPath(coin.flan, outer - 2)}" fill="none" stroke="${m.dark}" stroke-width="1.2" opacity="0.5"/>` +
    field(outerMetal, 'field-outer', bimetal ? outer - 8 : fieldRadius) +
    (bimetal ? `<circle cx="${C}" cy="${C}" r="${fmt(coreR + 1.5)}" fill="${looks[outerMetal].dark}" opacity="0.6"/>${field(innerMetal, 'field-inner', coreR)}` : '') +
    relief(beads + parts.outerArt, outerMetal, 'frost-outer') +
    relief(parts.innerArt, innerMetal, 'frost-inner');
}

/** Shrinks a device drawn for the full face into a bimetallic core. */
const intoCore = (art: string, coin: HeldOutCoin) => {
  if (typeof coin.metal !== 'object') return art;
  const k = (coin.metal.coreShare * outer) / 104;
  return `<g transform="translate(${C},${C}) scale(${fmt(k)}) translate(${-C},${-C})">${art}</g>`;
};

function canadaObverse(coin: HeldOutCoin): string {
  const bimetal = typeof coin.metal === 'object';
  const r = bimetal ? 126 : 114;
  const size = bimetal ? 17 : 19;
  return blank(coin, {
    outerArt: legend('ELIZABETH II', r, 252, size, serifFont, true) + legend('D·G·REGINA', r, 108, size, serifFont, true),
    innerArt: intoCore(`<g transform="translate(150,154) scale(0.9) translate(-150,-150)">${drawHeldOutDevice(coin.obverse)}</g>`, coin),
  });
}

function canadaReverse(coin: HeldOutCoin): string {
  const bimetal = typeof coin.metal === 'object';
  const r = bimetal ? 126 : 114;
  const size = bimetal ? 17 : 19;
  const value = coin.coinType.value;
  // Small coins print the value in the field above the date; dollar coins along the rim.
  const rimValue = value.includes('DOLLAR');
  return blank(coin, {
    outerArt: legend('CANADA', r, 0, size + 2, serifFont, true) + legend(rimValue ? `${value} ${coin.year}` : coin.year, r - 2, 180, size, serifFont, false),
    innerArt: intoCore(`<g transform="translate(150,146) scale(0.84) translate(-150,-150)">${drawHeldOutDevice(coin.reverse)}</g>` + (rimValue ? '' : label(150, 226, value, 15)), coin),
  });
}

function germanObverse(coin: HeldOutCoin): string {
  const bimetal = typeof coin.metal === 'object';
  const region = coin.variant?.includes('Schleswig') ? 'SCHLESWIG-HOLSTEIN' : 'BUNDESREPUBLIK DEUTSCHLAND';
  const condensed = 'DejaVu Sans Condensed';
  const inner = `<g transform="translate(150,152) scale(0.74) translate(-150,-150)">${drawHeldOutDevice(coin.obverse)}</g>` +
    legend(region, bimetal ? 90 : 104, 0, region.length > 20 ? (bimetal ? 10.5 : 12) : 13, condensed, true, 1.1) +
    label(132, 226, coin.year, 16, condensed) + label(176, 226, coin.mint ?? '', 16, condensed);
  return blank(coin, {
    outerArt: starRing(bimetal ? 130 : 122, bimetal ? 7 : 6),
    innerArt: intoCore(inner, coin),
  });
}

function euroCommon(coin: HeldOutCoin): string {
  const condensed = 'DejaVu Sans Condensed';
  const value = coin.coinType.value;
  return blank(coin, {
    outerArt: '',
    innerArt: `<g transform="translate(150,146) scale(0.9) translate(-150,-150)">${drawHeldOutDevice(coin.reverse)}</g>` +
      legend(value, 112, 205, 13, condensed, false),
  });
}

export function heldOutCoinSvg(coin: HeldOutCoin, face: 'obverse' | 'reverse'): string {
  const canadian = coin.coinType.country === 'Canada';
  const body = canadian
    ? face === 'obverse' ? canadaObverse(coin) : canadaReverse(coin)
    : face === 'obverse' ? germanObverse(coin) : euroCommon(coin);
  return svgDocument(heldOutCoinSize, heldOutCoinSize, body);
}
