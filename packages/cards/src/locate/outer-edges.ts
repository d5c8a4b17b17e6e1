import { distance, type EdgeMap, type Point, type Quad } from '@assay/pixels';

// Hand-set with the card engine's first commits (faf4bb1, 60629ba); none was measured alone.
/** Farthest a side is pushed out, as a share of the card across it, when the caller names none. */
const defaultMaxShare = 0.1;
/** An outer edge counts when it covers at least this share of the side and this share of the side's own edge cover. */
const minCover = 0.75;
const ofBase = 0.8;
/** Samples a side: one per this many pixels, at least this many, along its middle 76% (from this share, over this share). */
const pixelsPerSample = 3;
const fewestSamples = 8;
const sideStart = 0.12;
const sideSpan = 0.76;

/**
 * Pushes each side of a quad outward onto the outermost well-supported parallel edge within
 * `maxShare` of the card's size. A card's printed frame is itself a card-shaped outline, and line
 * pairs mixing frame and card edges score as well as the card; sweeping each side separately
 * settles which lines are the card's own edge, at a cost of ~0.3 ms.
 */
export function expandToOuterEdges(edges: EdgeMap, quad: Quad, maxShare = defaultMaxShare): Quad {
  const sides: [Point, Point][] = [];
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const length = distance(a, b);
    // Outward normal for a clockwise quad (y down): rotate the side direction by -90°.
    const nx = (b.y - a.y) / length;
    const ny = -(b.x - a.x) / length;
    const across = (distance(quad[(s + 1) % 4]!, quad[(s + 2) % 4]!) + distance(quad[(s + 3) % 4]!, quad[s]!)) / 2;
    const base = coverage(edges, a, b, nx, ny);
    let best = 0;
    for (let d = 2; d <= Math.ceil(across * maxShare); d++) {
      const c = coverage(edges, { x: a.x + d * nx, y: a.y + d * ny }, { x: b.x + d * nx, y: b.y + d * ny }, nx, ny);
      if (c >= minCover && c >= ofBase * base) best = d;
    }
    sides.push([
      { x: a.x + best * nx, y: a.y + best * ny },
      { x: b.x + best * nx, y: b.y + best * ny },
    ]);
  }
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const p = intersect(sides[(i + 3) % 4]!, sides[i]!);
    if (!p) return quad;
    corners.push(p);
  }
  return corners as Quad;
}

/** Share of points along a–b (ends skipped) with a strong edge (≥ `threshold`) across the direction (nx, ny). */
export function coverage(edges: EdgeMap, a: Point, b: Point, nx: number, ny: number, threshold = edges.threshold): number {
  const count = Math.max(fewestSamples, Math.floor(distance(a, b) / pixelsPerSample));
  let hits = 0;
  for (let k = 0; k < count; k++) {
    const t = sideStart + (sideSpan * (k + 0.5)) / count;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    for (let d = -1; d <= 1; d++) {
      const x = Math.floor(px + d * nx);
      const y = Math.floor(py + d * ny);
      if (x < 1 || y < 1 || x >= edges.width - 1 || y >= edges.height - 1) continue;
      const i = y * edges.width + x;
      if (Math.abs(edges.gx[i]! * nx + edges.gy[i]! * ny) >= threshold) {
        hits++;
        break;
      }
    }
  }
  return hits / count;
}

function intersect([a, b]: [Point, Point], [c, d]: [Point, Point]): Point | null {
  const det = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  if (Math.abs(det) < 1e-9) return null;
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / det;
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}
