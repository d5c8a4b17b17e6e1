import type { LoadedCatalog } from '@assay/catalog';
import { apply, multiply, type Mat3 } from '../photo/homography.ts';
import type { Point } from '../photo/raw-image.ts';
import { ellipsePolygon, placePlane, renderTabletop, scaleAt, similarity, type TabletopLayer } from '../photo/tabletop.ts';
import { coinColour, renderCoinFace } from './coin-face.ts';
import type { CoinFace } from './coin-instance.ts';
import { shownEntryId, type CoinLayout, type LaidCoin } from './coin-layout.ts';
import { holderImage, rollImage } from './coin-objects.ts';
import type { CoinScene } from './coin-scene.ts';
import type { CoinPhotoTruth, CoinTruth } from './coin-truth.ts';
import { conditionsTruth } from '../photo/conditions.ts';

export interface CoinPhotoRequest {
  layout: CoinLayout;
  /** Which side is up for every coin that is flipped between shots (ignored by piles and rolls). */
  side: CoinFace;
  scene: CoinScene;
}

export interface CoinPhoto {
  jpeg: Buffer;
  truth: CoinPhotoTruth;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const roundPoint = ([x, y]: Point): Point => [round2(x), round2(y)];
const normalise = (deg: number) => {
  const d = ((((deg + 180) % 360) + 360) % 360) - 180;
  return round2(d === -180 ? 180 : d);
};

interface Drawn {
  coin: LaidCoin;
  face: CoinFace | 'edge';
  centre: Point;
  rotation: number;
}

function drawnCoin(layout: CoinLayout, coin: LaidCoin, side: CoinFace): Drawn {
  const face = coin.fixed ?? side;
  const place = coin.at[face === 'edge' ? 'obverse' : layout.presentation === 'pile' || layout.presentation === 'roll' ? 'obverse' : side];
  return { coin, face, centre: place.centre, rotation: place.rotation };
}

/** Is plane point p inside the coin's footprint (a disc, or an ellipse when leaning)? */
function covers(d: Drawn, [x, y]: Point): boolean {
  const r = d.coin.diameter / 2;
  if (d.face === 'edge') return false;
  const a = (d.coin.squash.axis * Math.PI) / 180;
  const [dx, dy] = [x - d.centre[0], y - d.centre[1]];
  const u = (dx * Math.cos(a) + dy * Math.sin(a)) / (r * d.coin.squash.factor);
  const v = (-dx * Math.sin(a) + dy * Math.cos(a)) / r;
  return u * u + v * v <= 1;
}

/** Share of the coin's footprint not under a later coin (sampled on a polar grid). */
function visibleShare(drawn: Drawn[], index: number): number {
  const d = drawn[index]!;
  if (d.face === 'edge') return 1;
  const later = drawn.slice(index + 1).filter((o) => o.face !== 'edge' && Math.hypot(o.centre[0] - d.centre[0], o.centre[1] - d.centre[1]) < (o.coin.diameter + d.coin.diameter) / 2);
  if (later.length === 0) return 1;
  const r = d.coin.diameter / 2;
  const a = (d.coin.squash.axis * Math.PI) / 180;
  let [total, seen] = [0, 0];
  for (let ring = 1; ring <= 6; ring++) {
    const steps = ring * 6;
    for (let k = 0; k < steps; k++) {
      const t = (k / steps) * 2 * Math.PI;
      const [u, v] = [Math.cos(t) * ((ring - 0.5) / 6) * r * d.coin.squash.factor, Math.sin(t) * ((ring - 0.5) / 6) * r];
      const p: Point = [d.centre[0] + u * Math.cos(a) - v * Math.sin(a), d.centre[1] + u * Math.sin(a) + v * Math.cos(a)];
      total++;
      if (!later.some((o) => covers(o, p))) seen++;
    }
  }
  return seen / total;
}

/** Renders one photo of a coin layout with the given side up, and its truth. */
export async function renderCoinPhoto(catalog: LoadedCatalog, request: CoinPhotoRequest): Promise<CoinPhoto> {
  const { layout, side, scene } = request;
  const h = placePlane(scene, layout.width, layout.height);
  const scale = scaleAt(h, [layout.width / 2, layout.height / 2]);
  // Light comes from opposite the way the frame darkens, expressed on the plane (clockwise from up).
  const lightFrom = scene.lighting.angle + 270 - scene.rotation;
  const layers: TabletopLayer[] = [];
  const shadows: Point[][] = [];
  const sheen: { polygon: Point[]; opacity: number }[] = [];

  if (layout.holder) {
    const holder = await holderImage(layout.holder, side, Math.min(12, scale * 1.1));
    layers.push(holder);
    shadows.push([[0, 0], [layout.width, 0], [layout.width, layout.height], [0, layout.height]]);
  }
  if (layout.roll) {
    const first = layout.coins.find((c) => c.fixed === 'edge') ?? layout.coins[0]!;
    const roll = await rollImage(layout.roll, await coinColour(catalog, first.instance), Math.min(14, scale * 1.1));
    layers.push(roll);
    const { start, stacked, thickness, diameter } = layout.roll;
    shadows.push([[start[0] - 3, start[1] - diameter / 2], [start[0] + stacked * thickness + (layout.roll.wrapped ? 3 : 0), start[1] - diameter / 2], [start[0] + stacked * thickness, start[1] + diameter / 2], [start[0] - 3, start[1] + diameter / 2]]);
  }

  const drawn = layout.coins.map((coin) => drawnCoin(layout, coin, side));
  const faces = await Promise.all(drawn.map((d) => d.face === 'edge'
    ? null
    : renderCoinFace(catalog, d.coin.instance, d.face, { size: d.coin.diameter * scale * 1.15, lightFrom: lightFrom - d.rotation })));
  drawn.forEach((d, i) => {
    const face = faces[i];
    if (!face) return;
    layers.push({ image: face.image, toPlane: similarity(face.image.width, face.image.height, d.centre, d.coin.diameter / face.disc, d.rotation, d.coin.squash) });
    shadows.push(ellipsePolygon(d.centre, d.coin.diameter / 2, d.coin.squash.factor, d.coin.squash.axis));
  });
  if (layout.holder) {
    // The clear lid over the slots: a faint broad reflection.
    const [w, hh] = [layout.width, layout.height];
    const x = w * (0.2 + 0.6 * ((scene.seed % 97) / 97));
    sheen.push({ polygon: [[x, 0], [x + w * 0.18, 0], [x + w * 0.05, hh], [x - w * 0.13, hh]], opacity: 0.12 });
  }

  const meanDiameter = layout.coins.reduce((s, c) => s + c.diameter, 0) / Math.max(1, layout.coins.length);
  const jpeg = await renderTabletop(scene, { homography: h, layers, shadows, shadowReference: meanDiameter * scale * 0.6, sheen });

  const coins = drawn.map((d, i) => coinTruth(catalog, h, d, visibleShare(drawn, i), scene));
  const planeQuad = (x: number, y: number, w: number, hh: number) => ([[x, y], [x + w, y], [x + w, y + hh], [x, y + hh]] as Point[]).map((p) => roundPoint(apply(h, p))) as [Point, Point, Point, Point];
  const truth: CoinPhotoTruth = {
    presentation: layout.presentation,
    layout_id: layout.id,
    side: layout.presentation === 'pile' || layout.presentation === 'roll' ? null : side,
    width: scene.width,
    height: scene.height,
    coins,
    roll: layout.roll && {
      entry_id: layout.roll.entryId, coin_count: layout.roll.count, wrapped: layout.roll.wrapped,
      readable_count: coins.filter((c) => c.readable).length,
      corners: planeQuad(layout.roll.start[0] - 4, layout.roll.start[1] - layout.roll.diameter / 2 - 0.8, layout.roll.stacked * layout.roll.thickness + (layout.roll.wrapped ? 8 : 4), layout.roll.diameter + 1.6),
    },
    arrangement: layout.arrangement ?? null,
    holder: layout.holder && { corners: planeQuad(0, 0, layout.width, layout.height), turned_over: side === 'reverse', title: `${layout.holder.title} ${layout.holder.subtitle}` },
    conditions: conditionsTruth(scene),
  };
  return { jpeg, truth };
}

function coinTruth(catalog: LoadedCatalog, h: Mat3, d: Drawn, visible: number, scene: CoinScene): CoinTruth {
  const { coin } = d;
  const r = coin.diameter / 2;
  const centre = apply(h, d.centre);
  let radius: number;
  let rotation: number;
  if (d.face === 'edge') {
    radius = r * scaleAt(h, d.centre);
    rotation = 0;
  } else {
    const rim = ellipsePolygon(d.centre, r, coin.squash.factor, coin.squash.axis, 32).map((p) => apply(h, p));
    const distances = rim.map((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1]));
    radius = coin.squash.factor < 0.98 ? Math.max(...distances) : distances.reduce((a, b) => a + b, 0) / distances.length;
    // The design's up, squashed like the coin, then projected.
    const local: Mat3 = similarity(2, 2, d.centre, 2, d.rotation, coin.squash);
    const up = apply(multiply(h, local), [1, 1 - r]);
    rotation = (Math.atan2(up[0] - centre[0], -(up[1] - centre[1])) * 180) / Math.PI;
  }
  const inFrame = centre[0] - radius >= 0 && centre[1] - radius >= 0 && centre[0] + radius <= scene.width && centre[1] + radius <= scene.height;
  const { instance } = coin;
  const entry = instance.entryId ? catalog.coins.find((c) => c.id === instance.entryId) : undefined;
  return {
    coin_id: coin.id,
    entry_id: shownEntryId(catalog, instance),
    design_entry_id: instance.entryId,
    year: instance.ancient ? null : (instance.year ?? entry?.identity.year ?? null),
    face: d.face,
    centre: roundPoint(centre),
    radius: round2(radius),
    rotation: normalise(rotation),
    grade: instance.grade,
    readable: d.face !== 'edge' && coin.squash.factor >= 0.98 && visible >= 0.97 && inFrame,
    visible_share: round2(visible),
    position_mm: roundPoint(d.centre),
    diameter_mm: round2(coin.diameter),
    ancient: instance.ancient !== null,
  };
}
