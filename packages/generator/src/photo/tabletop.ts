import sharp from 'sharp';
import { sampleCardScene, type PhotoFraming } from '../cards/card-scene.ts';
import { fitForWarp } from '../cards/render-card-photo.ts';
import { createRng, type Rng } from '../random.ts';
import { renderHalfBackground } from './background.ts';
import { apply, multiply, type Mat3 } from './homography.ts';
import { applyCameraBlur } from './camera-blur.ts';
import { applyLighting, type Lighting } from './lighting.ts';
import { placeObject } from './placement.ts';
import type { Point, RawImage } from './raw-image.ts';
import { castShadows } from './shadow.ts';
import { applySoftMask, renderSoftMask } from './soft-mask.ts';
import type { SurfaceKind } from './surfaces.ts';
import { tuningConditions, type PhotoConditions } from './conditions.ts';
import { upscale2x } from './upscale.ts';
import { drawWarped } from './warp.ts';

/*
 * The card pipeline's photo steps, for anything laid out on a table: a flat "plane" (in any unit,
 * millimetres for coins) is put in front of the camera like a card, and layers (RGBA images with a
 * transform into the plane) are warped onto the table in order, over one soft cast shadow, then
 * lit, grained and compressed exactly as card photos are.
 */

export interface TabletopScene extends PhotoFraming {
  /** Seeds the table texture and clutter: two photos with the same one show the same table. */
  tableSeed: number;
}

/** Realistic values, drawn with the card scene's sampler (same frames, surfaces and light); overrides win. */
export function sampleTabletopScene(rng: Rng, overrides: Partial<TabletopScene> = {}, conditions: PhotoConditions = tuningConditions): TabletopScene {
  const card = sampleCardScene(rng, {}, undefined, conditions);
  const scene: TabletopScene = {
    seed: card.seed, tableSeed: rng.seed(), width: card.width, height: card.height,
    fill: card.fill, centre: card.centre, rotation: card.rotation, tilt: [card.tilt[0] * 0.6, card.tilt[1] * 0.6],
    surface: card.surface, clutter: card.clutter, lighting: card.lighting, shadow: card.shadow, jpegQuality: card.jpegQuality,
    ...(card.blur ? { blur: card.blur } : {}),
  };
  return { ...scene, ...overrides };
}

/** Plane units → photo pixels for the scene's camera. */
export function placePlane(scene: TabletopScene, planeWidth: number, planeHeight: number): Mat3 {
  const quad: [Point, Point, Point, Point] = [[0, 0], [planeWidth, 0], [planeWidth, planeHeight], [0, planeHeight]];
  return placeObject({
    objectWidth: planeWidth, objectHeight: planeHeight, subject: quad, fill: scene.fill, centre: scene.centre,
    rotation: scene.rotation, tilt: scene.tilt, region: { x: 0, y: 0, width: scene.width, height: scene.height },
    photoWidth: scene.width, photoHeight: scene.height,
  }).homography;
}

/** Photo pixels per plane unit near a plane point (the mean of the two axes). */
export function scaleAt(homography: Mat3, [x, y]: Point): number {
  const o = apply(homography, [x, y]);
  const ax = apply(homography, [x + 1, y]);
  const ay = apply(homography, [x, y + 1]);
  return (Math.hypot(ax[0] - o[0], ax[1] - o[1]) + Math.hypot(ay[0] - o[0], ay[1] - o[1])) / 2;
}

export interface TabletopLayer {
  image: RawImage;
  /** Image pixels → plane units. */
  toPlane: Mat3;
}

export interface TabletopRender {
  /** Plane units → photo pixels. */
  homography: Mat3;
  layers: TabletopLayer[];
  /** Footprints that cast the table shadow, in plane units. */
  shadows: Point[][];
  /** Photo pixels the scene's shadow fractions refer to (e.g. a coin's diameter). */
  shadowReference: number;
  /** Soft white sheen (a plastic cover) over these plane polygons, with its opacity. */
  sheen?: { polygon: Point[]; opacity: number }[];
  /** Gaussian blur sigma in pixels over the finished photo (a close-up slightly out of focus). */
  blur?: number;
}

/** Renders the layers on the scene's table and returns the JPEG. */
export async function renderTabletop(scene: TabletopScene, render: TabletopRender): Promise<Buffer> {
  const { width, height } = scene;
  const rng = createRng(scene.seed);
  const h = render.homography;
  const toPhoto = (poly: Point[]) => poly.map((p) => apply(h, p));
  const [table, shadow, objects] = await Promise.all([
    renderHalfBackground(width, height, { kind: scene.surface, clutter: scene.clutter, seed: scene.tableSeed }),
    castShadows(width, height, render.shadows.map(toPhoto), {
      angle: scene.shadow.angle, distance: scene.shadow.distance * render.shadowReference,
      softness: scene.shadow.softness * render.shadowReference, opacity: scene.shadow.opacity,
    }),
    Promise.all(render.layers.map((layer) => fitForWarp(layer.image, multiply(h, layer.toPlane)))),
  ]);
  applySoftMask(table.data, table.width, table.height, shadow, 0, 2);
  const photo = upscale2x(table.data, table.width, table.height, 3, width, height);
  for (const { image, homography } of objects) drawWarped(photo, width, height, image, homography);
  if (scene.blur) await applyCameraBlur(photo, width, height, scene.blur);
  if (render.sheen && render.sheen.length > 0) {
    const body = render.sheen.map(({ polygon, opacity }) =>
      `<polygon points="${toPhoto(polygon).map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="#fff" fill-opacity="${opacity.toFixed(3)}"/>`).join('');
    applySoftMask(photo, width, height, await renderSoftMask(width, height, body, Math.min(width, height) * 0.01), 255);
  }
  applyLighting(photo, width, height, scene.lighting, rng.seed());
  let output = sharp(photo, { raw: { width, height, channels: 3 } });
  if (render.blur && render.blur > 0.3) output = output.blur(render.blur);
  return output.jpeg({ quality: scene.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** Image pixels → plane: centre the image on `centre`, scale it to `size` plane units wide, rotate it clockwise. */
export function similarity(imageWidth: number, imageHeight: number, centre: Point, size: number, rotation: number, squash: { factor: number; axis: number } = { factor: 1, axis: 0 }): Mat3 {
  const s = size / imageWidth;
  const r = (rotation * Math.PI) / 180;
  const a = (squash.axis * Math.PI) / 180;
  const rot = (t: number): Mat3 => [Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t), 0, 0, 0, 1];
  // Foreshortening (a coin leaning over) squeezes along `axis`, measured in the plane.
  const squeeze = multiply(rot(a), multiply([squash.factor, 0, 0, 0, 1, 0, 0, 0, 1], rot(-a)));
  return multiply([1, 0, centre[0], 0, 1, centre[1], 0, 0, 1],
    multiply(squeeze, multiply(rot(r), [s, 0, (-s * imageWidth) / 2, 0, s, (-s * imageHeight) / 2, 0, 0, 1])));
}

/** A circle (or squashed ellipse) as a polygon in the plane. */
export function ellipsePolygon(centre: Point, radius: number, squash = 1, axis = 0, steps = 28): Point[] {
  const a = (axis * Math.PI) / 180;
  return Array.from({ length: steps }, (_, i) => {
    const t = (i / steps) * 2 * Math.PI;
    const [u, v] = [Math.cos(t) * radius * squash, Math.sin(t) * radius];
    return [centre[0] + u * Math.cos(a) - v * Math.sin(a), centre[1] + u * Math.sin(a) + v * Math.cos(a)] as Point;
  });
}
