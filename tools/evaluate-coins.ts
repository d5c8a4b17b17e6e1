/**
 * Coin accuracy on a DEVELOPMENT seed (tuning seeds 1000–1999 only), scored as bench:accuracy scores coins.
 * Usage: pnpm exec node tools/evaluate-coins.ts [seed=1100] [requests=60] [group | only=KIND] [without=PREFIX,…] [AXIS=VALUE …]
 * only=KIND: requests of one presentation only (individual, group, roll, pile, ancient, date_run or
 * set); group: only=group, for count and face pairing. The benchmark uses the generator's mix.
 * without: the entries whose ids start so are shown in the photos but not given to the engine, as
 * coins a user's catalog does not list: their coins are right answered as none of the catalog's
 * (`unlisted_unnamed`). Leave out every entry of a design (e.g. `without=peace-dollar,buffalo-nickel`),
 * or its coins are still that design's.
 * Each AXIS=VALUE widens one axis of the tuning world (any number together): a development world
 * for what that axis does to the engine. Every draw is the tuning world's, moved to the same place
 * in the wider range, so each photo is the tuning photo with those axes moved:
 * - tilt=D: the camera tilted up to D degrees either way, most photos near square on (tuning: σ 3°);
 * - warmth=W: the light's colour from −W (cool) to +W (warm) (tuning: −0.8 to +1);
 * - exposure=E: exposure from E to 2 − E, e.g. 0.7 (tuning: 0.88 to 1.08);
 * - noise=N: the sensor's noise from 1 to N levels, e.g. 9 (tuning: 1 to 4);
 * - jpeg=Q: JPEG quality from Q to 95 (tuning: 80 to 95);
 * - far=K: coins down to a K-th of the tuning world's fill, evenly in log (tuning: K = 1);
 * - shadow=H: a lamp's hard shadows, H of the way from the tuning world's soft ones to the held-out
 *   world's reach (offset to 8 % of the item, softness down to 0.2 %, opacity to 0.75; H = 1 is all of it);
 * - lamp=F: every photo lit by a desk lamp somewhere in the frame, the table darkening away from it
 *   by 0.3 F to F of the light (tuning: evenly lit; e.g. 0.7);
 * - arranged=1: piles as one heap or two, tight or loose, more coins leaning; open rolls with 2 to 6
 *   coins out, in a row or fanned; sets in one row, two or three a row, coins turned any way
 *   (tuning: one way each; these requests draw other coins than the tuning world's);
 * - blur=S: every photo blurred, half out of focus (sigma up to S of the long side, e.g. 0.004),
 *   half shaken (up to 5 S long) (tuning: sharp);
 * - printed=1: every photo on a table printed with coin-sized rings, dots and arcs (a surface neither
 *   world has, for the circles printed tables draw);
 * - ruled=1: every photo on a ruled or squared sheet or board, its lines at any angle (neither world
 *   has it: straight lines across and beside the coins' rims);
 * - tiled=1: every photo on a cloth repeating one small motif on a lattice, squares, lozenges, dots,
 *   crosses or a gingham's bands, turned any way (neither world has it: a table busier than the coins).
 * faces=small: a development catalog, the sample's coins with dates and reverse mint marks printed
 * 0.7 as large and elsewhere (the generator's developmentFaceStyle): a catalog whose dates are not
 * where and as large as those the engine was developed on. Date runs' re-dated coins are still drawn
 * in the sample's style.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCoins } from '../test/bench/accuracy/coins.ts';
import { developmentFaceStyle, restyleSampleCoinFaces } from '@assay/generator';
import { developmentWorld } from './development-world.ts';

const seed = Number(process.argv[2] ?? 1100);
const requests = Number(process.argv[3] ?? 60);
const options = process.argv.slice(4);
const { mix, conditions, leftOut, faces } = developmentWorld(options);
if (seed < 1000 || seed > 1999) throw new Error('tune only on seeds 1000–1999');
const workDir = await mkdtemp(join(tmpdir(), 'assay-coins-dev-'));
const sampleDir = new URL('../catalog/sample/', import.meta.url).pathname;
try {
  const catalogDir = faces === 'sample' ? sampleDir : join(workDir, 'catalog');
  if (faces === 'small') {
    await cp(sampleDir, catalogDir, { recursive: true });
    await restyleSampleCoinFaces(catalogDir, developmentFaceStyle);
  }
  const figures = await measureCoins({ catalogDir, seed, requests, workDir, mix, conditions, leftOut, progress: (l) => process.stderr.write(`${l}\n`), onIdentity: (t, a, p, d) => t !== a && process.stdout.write(`miss ${p}: ${t} -> ${a} ${a ? '' : d}\n`) });
  const { counts, ...rest } = figures;
  process.stdout.write(`${JSON.stringify({ ...rest, identity: counts.identity })}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
