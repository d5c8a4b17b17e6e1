/** Dev: prints the Hough lines and best-scored quads for one photo. Usage: node debug-locate.ts <cardId|file> */
import { readFileSync } from 'node:fs';
import { cardAspect, houghLines, locateQuads, quadCandidates, scoreQuad } from '@assay/cards/diagnostics';
import { edgeMap, loadPhoto } from '@assay/pixels';
import { flatCardPhoto } from '../test/support/card-photos.ts';

const arg = process.argv[2]!;
const bytes = arg.includes('.') ? readFileSync(arg) : await flatCardPhoto({ cardId: arg });
const photo = await loadPhoto(bytes);
const edges = edgeMap(photo.work);
console.log('work', photo.work.width, photo.work.height, 'threshold', edges.threshold);
const lines = houghLines(edges, 64);
for (const l of lines) console.log('line', Math.round((l.theta * 180) / Math.PI), l.rho, Math.round(l.votes));
const quads = quadCandidates(lines, { width: photo.work.width, height: photo.work.height, aspect: cardAspect, aspectTolerance: 0.1, minAreaShare: 0.02 });
const scored = quads.map((q) => ({ q, ...scoreQuad(edges, q) })).sort((a, b) => b.score - a.score).slice(0, 15);
for (const s of scored) console.log(s.score.toFixed(3), s.coverage.toFixed(2), s.weakestSide.toFixed(2), s.strength.toFixed(2), JSON.stringify(s.q.map((p) => [Math.round(p.x), Math.round(p.y)])));
console.log('located', JSON.stringify(locateQuads(photo.work).map((l) => l.quad.map((p) => [Math.round(p.x), Math.round(p.y)]))));
const near = process.argv[3];
if (near) {
  const [x0, y0, x1, y1] = near.split(',').map(Number) as [number, number, number, number];
  const imageArea = photo.work.width * photo.work.height;
  const all = quads.map((q) => ({ q, rough: scoreQuad(edges, q, 12).score + (0.05 * Math.abs((q[1].x - q[0].x) * (q[3].y - q[0].y))) / imageArea, ...scoreQuad(edges, q) }));
  all.sort((a, b) => b.rough - a.rough);
  all.forEach((s, rank) => {
    const xs = s.q.map((p) => p.x); const ys = s.q.map((p) => p.y);
    if (Math.abs(Math.min(...xs) - x0) < 4 && Math.abs(Math.min(...ys) - y0) < 4 && Math.abs(Math.max(...xs) - x1) < 4 && Math.abs(Math.max(...ys) - y1) < 4)
      console.log('truth-like rank', rank, 'of', all.length, s.rough.toFixed(3), s.score.toFixed(3), s.coverage.toFixed(2), s.weakestSide.toFixed(2), s.strength.toFixed(2));
  });
}
