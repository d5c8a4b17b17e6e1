import { describe, expect, it } from 'vitest';
import { enclosingRim, fitRim, fitRimEllipse, flanLumpiness, rimIrregularity, rimMovedToward } from './rim-fit.ts';

/** A beige table with a gold coin a little lighter than it: a raised rim band, its darker inner edge, and a legend-like ring inside. */
function coinOnTable(cx: number, cy: number, r: number, wobble = 0, squash = 1) {
  const [width, height] = [400, 400];
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // `squash` < 1 draws the coin as a tilted camera sees it: an ellipse, its height that share of its width.
      const d = Math.hypot(x + 0.5 - cx, (y + 0.5 - cy) / squash);
      const edge = r * (1 + wobble * Math.sin(5 * Math.atan2(y - cy, x - cx)));
      const colour = d > edge ? [190, 175, 150] : d > r * 0.91 ? [240, 215, 120] : d > r * 0.89 ? [170, 135, 60] : d > r * 0.8 && d < r * 0.84 ? [180, 140, 60] : [215, 175, 85];
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

type Rgb = [number, number, number];

/**
 * A coin (`rim` colour out to 0.9 of its radius, `face` inside) on a board of colour `board` ruled
 * with straight lines of colour `line`, `width` pixels wide and `pitch` apart, turned `turn` radians.
 */
function coinOnLinedBoard(cx: number, cy: number, r: number, { pitch, turn, width: lineWidth, board, line, rim, face }: { pitch: number; turn: number; width: number; board: Rgb; line: Rgb; rim: Rgb; face: Rgb }) {
  const [width, height] = [400, 400];
  const data = Buffer.alloc(width * height * 3);
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const u = (x * cos + y * sin) / pitch;
      const colour = d <= r ? (d > r * 0.9 ? rim : face) : Math.abs(u - Math.round(u)) * pitch < lineWidth / 2 ? line : board;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

/** A silver coin on a dark ruled board: bright lines as strong a step as the coin's rim, running up to it. */
const coinOnRuledBoard = (cx: number, cy: number, r: number, pitch: number, turn: number) =>
  coinOnLinedBoard(cx, cy, r, { pitch, turn, width: 2, board: [40, 110, 80], line: [215, 225, 215], rim: [200, 200, 205], face: [170, 172, 178] });

/** A copper coin on pale planks: dark grain lines a stronger step than the coin's own rim (copper against grey), some passing just beside it. */
const coinOnPlanks = (cx: number, cy: number, r: number, pitch: number, turn: number) =>
  coinOnLinedBoard(cx, cy, r, { pitch, turn, width: 4, board: [150, 148, 140], line: [40, 38, 35], rim: [165, 105, 75], face: [150, 95, 70] });

describe('fitRim', () => {
  it('fits a coin on a ruled board to its rim, not to the lines beside it', () => {
    for (const [pitch, turn] of [[22, 0.4], [22, 0.8], [30, 0], [30, 1.1]] as const) {
      const rim = fitRim(coinOnRuledBoard(200, 200, 90, pitch, turn), { x: 208, y: 194, r: 84 });
      expect(Math.hypot(rim.x - 200, rim.y - 200)).toBeLessThan(1.5);
      expect(Math.abs(rim.r - 90)).toBeLessThan(1.5);
    }
  });

  it('fits a coin on planks to its rim, not to the grain lines passing beside it, and measures the rim clean', () => {
    for (const [pitch, turn] of [[18, 0], [18, 0.3], [25, 1.2], [25, Math.PI / 2]] as const) {
      const image = coinOnPlanks(200, 200, 80, pitch, turn);
      const rim = fitRim(image, { x: 206, y: 195, r: 86 });
      expect(Math.hypot(rim.x - 200, rim.y - 200)).toBeLessThan(1.5);
      expect(Math.abs(rim.r - 80)).toBeLessThan(1.5);
      expect(rim.irregularity).toBeLessThan(0.03);
    }
  });

  it('finds the outer rim of a low-contrast coin from a rough circle a fifth of its radius off', () => {
    const rim = fitRim(coinOnTable(200, 210, 80), { x: 214, y: 198, r: 70 });
    expect(Math.abs(rim.x - 200)).toBeLessThan(1);
    expect(Math.abs(rim.y - 210)).toBeLessThan(1);
    expect(Math.abs(rim.r - 80)).toBeLessThan(1.5);
    expect(rimIrregularity(coinOnTable(200, 210, 80), rim)).toBeLessThan(0.02);
  });

  it('measures a hand-struck flan as irregular', () => {
    const image = coinOnTable(200, 200, 100, 0.08);
    expect(rimIrregularity(image, fitRim(image, { x: 200, y: 200, r: 100 }))).toBeGreaterThan(0.045);
  });
});

describe('flanLumpiness', () => {
  it('sees a round coin under a 25° tilt (an ellipse) as no lumpier than seen square on, though its circle fits badly', () => {
    const tilted = coinOnTable(200, 200, 100, 0, 0.9);
    const rim = fitRim(tilted, { x: 200, y: 200, r: 95 });
    expect(rimIrregularity(tilted, rim)).toBeGreaterThan(0.045);
    expect(flanLumpiness(tilted, rim)).toBeLessThan(0.008);
    expect(flanLumpiness(coinOnTable(200, 200, 100), { x: 200, y: 200, r: 100 })).toBeLessThan(0.008);
  });

  it('sees a hand-struck flan as lumpy, tilted or not', () => {
    for (const squash of [1, 0.9]) {
      const image = coinOnTable(200, 200, 100, 0.05, squash);
      expect(flanLumpiness(image, fitRim(image, { x: 200, y: 200, r: 95 }))).toBeGreaterThan(0.008);
    }
  });

  it('says nothing when too little of the rim is seen', () => {
    const image = { width: 400, height: 400, data: Buffer.alloc(400 * 400 * 3, 128) };
    expect(flanLumpiness(image, { x: 200, y: 200, r: 100 })).toBeNull();
  });
});

describe('fitRimEllipse', () => {
  it("gives a tilted coin's ellipse, its centre, axes and their direction, from a circle fitted to it", () => {
    const tilted = coinOnTable(203, 196, 100, 0, 0.9);
    const ellipse = fitRimEllipse(tilted, fitRim(tilted, { x: 200, y: 200, r: 95 }))!;
    expect(Math.hypot(ellipse.x - 203, ellipse.y - 196)).toBeLessThan(0.7);
    expect(Math.abs(ellipse.major - 100)).toBeLessThan(1);
    expect(Math.abs(ellipse.minor - 90)).toBeLessThan(1);
    // The major axis lies along x (the drawing squashes y), either way along it.
    expect(Math.abs(Math.sin(ellipse.angle))).toBeLessThan(0.03);
    expect(ellipse.spread).toBeLessThan(0.008);
  });

  it('gives a coin seen square on equal axes', () => {
    const ellipse = fitRimEllipse(coinOnTable(200, 200, 80), { x: 201, y: 199, r: 80 })!;
    expect(ellipse.major - ellipse.minor).toBeLessThan(0.8);
  });
});

/** A silver coin on a light table: a faint rim, and a dark ragged portrait ring inside it. */
function silverOnLightTable(cx: number, cy: number, r: number, ringOff = 0, ringR = 0.4) {
  const [width, height] = [400, 400];
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const [rx, ry] = [cx + ringOff * r, cy];
      const ring = r * ringR * (1 + 0.15 * Math.sin(3 * Math.atan2(y - ry, x - rx)));
      const colour = d > r ? [205, 200, 190] : Math.abs(Math.hypot(x + 0.5 - rx, y + 0.5 - ry) - ring) < 3 ? [90, 90, 95] : [185, 185, 190];
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

describe('enclosingRim', () => {
  it('finds the faint rim of a coin around the ragged design ring taken for it', () => {
    const image = silverOnLightTable(200, 200, 110);
    const ring = fitRim(image, { x: 203, y: 198, r: 44 });
    expect(ring.irregularity).toBeGreaterThan(0.045);
    const rim = enclosingRim(image, ring, 180)!;
    expect(rim).not.toBeNull();
    expect(Math.abs(rim.x - 200)).toBeLessThan(1.5);
    expect(Math.abs(rim.y - 200)).toBeLessThan(1.5);
    expect(Math.abs(rim.r - 110)).toBeLessThan(2);
  });

  it('finds the rim around a design ring well off its coin\'s centre that reaches the rim', () => {
    const image = silverOnLightTable(200, 200, 100, 0.6, 0.4);
    const ring = fitRim(image, { x: 260, y: 200, r: 40 });
    expect(ring.irregularity).toBeGreaterThan(0.045);
    const rim = enclosingRim(image, ring, 180)!;
    expect(rim).not.toBeNull();
    expect(Math.hypot(rim.x - 200, rim.y - 200)).toBeLessThan(2);
    expect(Math.abs(rim.r - 100)).toBeLessThan(2);
  });

  it('finds nothing around a coin that is whole', () => {
    const image = coinOnTable(200, 200, 80);
    expect(enclosingRim(image, fitRim(image, { x: 200, y: 200, r: 80 }), 180)).toBeNull();
  });
});

describe('rimMovedToward', () => {
  it('reaches the rim a ragged fit from a circle a third of a radius off was moving toward', () => {
    const image = coinOnTable(200, 200, 80);
    const rough = { x: 230, y: 200, r: 55 };
    const ragged = fitRim(image, rough);
    expect(ragged.irregularity).toBeGreaterThan(0.045);
    const rim = rimMovedToward(image, ragged, rough)!;
    expect(rim).not.toBeNull();
    expect(Math.abs(rim.x - 200)).toBeLessThan(1);
    expect(Math.abs(rim.y - 200)).toBeLessThan(1);
    expect(Math.abs(rim.r - 80)).toBeLessThan(1.5);
  });

  it('finds nothing when the fit did not move (a hand-struck flan fitted from its own centre)', () => {
    const image = coinOnTable(200, 200, 100, 0.08);
    const rough = { x: 200, y: 200, r: 100 };
    expect(rimMovedToward(image, fitRim(image, rough), rough)).toBeNull();
  });
});
