import { createRng } from '../random.ts';
import { drawDevice, portraitAccessories, type Device } from '../sample-catalog/coins/coin-motifs.ts';
import { escapeXml, fmt, points, serifFont, svgDocument } from '../svg.ts';
import type { AncientDesign, CoinFace } from './coin-instance.ts';

/*
 * An invented ancient coin face at 256×256: a lumpy, not-quite-round flan; a crude device struck
 * off-centre so part of it runs off the flan; a few blocky Greek letters; pitting; and a dark
 * patina (green-brown bronze or grey toned silver). No catalog lists these.
 */

const metals = {
  bronze: { field: '#5b5138', light: '#8c7d58', dark: '#2b2619', patina: '#3f5a44' },
  silver: { field: '#8a857c', light: '#c4beb2', dark: '#3e3a35', patina: '#5d5851' },
};

const legends = ['ΑΘΕ', 'ΒΑΣΙΛΕΩΣ', 'ΚΟΡΙΝ', 'ΣΥΡΑ', 'ΑΛΕΞΑΝΔΡΟΥ', 'ΤΑΡΑΣ', 'ΜΕΤΑ'];

export function ancientFaceSvg(design: AncientDesign, face: CoinFace): string {
  const rng = createRng(design.seed ^ (face === 'obverse' ? 0 : 0x9e37));
  const flanRng = createRng(design.seed);
  const m = metals[design.metal];
  // The flan is the same lump on both faces (mirrored on the reverse).
  const outline = Array.from({ length: 40 }, (_, i) => {
    const t = (i / 40) * Math.PI * 2;
    const r = 118 * (0.9 + 0.07 * Math.sin(t * 2 + flanRng.range(0, 0.3)) + flanRng.range(-0.03, 0.03));
    return [128 + (face === 'obverse' ? 1 : -1) * r * Math.cos(t), 128 + r * Math.sin(t)] as [number, number];
  });
  const [ox, oy] = [rng.range(-22, 22), rng.range(-22, 22)];
  const device: Device = face === 'obverse'
    ? { kind: 'profile', facing: rng.chance(0.5) ? 'left' : 'right', accessory: rng.pick(['laurel', 'beard', 'cap', 'long-hair', 'braids'] satisfies (typeof portraitAccessories)[number][]) }
    : rng.pick<Device>([{ kind: 'eagle', pose: 'perched' }, { kind: 'standing-figure', holds: 'shield' }, { kind: 'bison' }, { kind: 'wreath', closed: true }]);
  const art = `<g transform="translate(${fmt(128 + ox)},${fmt(128 + oy)}) scale(0.8) rotate(${fmt(rng.range(-12, 12))}) translate(-128,-128)">${drawDevice(device)}</g>`;
  const legend = rng.pick(legends);
  const letters = [...legend].map((ch, i) => {
    const a = (-150 + i * (110 / legend.length) + rng.range(-4, 4)) * (Math.PI / 180);
    const [x, y] = [128 + ox * 0.5 + 96 * Math.cos(a), 128 + oy * 0.5 + 96 * Math.sin(a)];
    return `<text transform="translate(${fmt(x)},${fmt(y)}) rotate(${fmt((a * 180) / Math.PI + 90)})" font-family="${serifFont}" font-weight="bold" font-size="${fmt(rng.range(18, 24))}" text-anchor="middle" fill="currentColor">${escapeXml(ch)}</text>`;
  }).join('');
  const struck = art + letters;
  const pits = Array.from({ length: 70 }, () =>
    `<circle cx="${fmt(rng.range(10, 246))}" cy="${fmt(rng.range(10, 246))}" r="${fmt(rng.range(0.8, 3.5))}" fill="${rng.pick([m.dark, m.patina, m.light])}" opacity="${fmt(rng.range(0.3, 0.7))}"/>`).join('');
  const blotches = Array.from({ length: 9 }, () =>
    `<ellipse cx="${fmt(rng.range(30, 226))}" cy="${fmt(rng.range(30, 226))}" rx="${fmt(rng.range(12, 40))}" ry="${fmt(rng.range(8, 30))}" fill="${m.patina}" opacity="${fmt(rng.range(0.2, 0.45))}"/>`).join('');
  const body = `<defs><clipPath id="flan"><polygon points="${points(outline)}"/></clipPath></defs>` +
    `<polygon points="${points(outline)}" fill="${m.field}" stroke="${m.dark}" stroke-width="3"/>` +
    `<g clip-path="url(#flan)">${blotches}` +
    // Crude relief: a heavy shadow, a thin highlight, a body little lighter than the field.
    `<g color="${m.dark}" opacity="0.8" transform="translate(2.5,3)">${struck}</g>` +
    `<g color="${m.light}" opacity="0.7" transform="translate(-1.5,-1.5)">${struck}</g>` +
    `<g color="${m.field}">${struck}</g>${pits}</g>`;
  return svgDocument(256, 256, body);
}
