import sharp from 'sharp';
import type { LoadedCatalog } from '@assay/catalog';
import { renderHalfBackground } from '../photo/background.ts';
import { applyCameraBlur } from '../photo/camera-blur.ts';
import { lightDefectMask } from '../photo/defect-overlay.ts';
import { apply, multiply, type Mat3 } from '../photo/homography.ts';
import { applyLighting } from '../photo/lighting.ts';
import { placeObject, type Region } from '../photo/placement.ts';
import { fromRaw, toRaw, type Point, type RawImage } from '../photo/raw-image.ts';
import { castShadows } from '../photo/shadow.ts';
import { applySoftMask } from '../photo/soft-mask.ts';
import { upscale2x } from '../photo/upscale.ts';
import { drawWarped } from '../photo/warp.ts';
import { createRng, type Rng } from '../random.ts';
import { sampleCardInstance, type CardFace, type CardInstance } from './card-instance.ts';
import type { CardScene } from './card-scene.ts';
import { prepareSubject, type CardSubject } from './card-subject.ts';
import { cardPhotoTruth, type CardPhotoTruth } from './card-truth.ts';

export interface CardPhotoRequest {
  instance: CardInstance;
  face: CardFace;
  scene: CardScene;
}

export interface CardPhoto {
  jpeg: Buffer;
  truth: CardPhotoTruth;
}

/** Renders one phone-style photo of one face of a card instance, with its ground truth. */
export async function renderCardPhoto(catalog: LoadedCatalog, request: CardPhotoRequest): Promise<CardPhoto> {
  const { instance, face, scene } = request;
  const { width, height } = scene;
  const rng = createRng(scene.seed);
  const subjects = [{ subject: await prepareSubject(catalog, instance, face, scene.streak), entryId: instance.entryId, face }];
  if (scene.cardCount === 2) subjects.push(await companion(catalog, instance, rng));

  const placements = subjects.map(({ subject }, i) => {
    const { image, card } = subject.object;
    const region = subjects.length === 1 ? { x: 0, y: 0, width, height } : half(width, height, i);
    return placeObject({
      objectWidth: image.width, objectHeight: image.height, subject: card,
      fill: scene.fill,
      centre: i === 0 ? scene.centre : [0.5 + rng.normal(0, 0.04), 0.5 + rng.normal(0, 0.04)],
      rotation: i === 0 ? scene.rotation : rng.normal(0, 5),
      tilt: scene.tilt, region, photoWidth: width, photoHeight: height,
      cutOff: scene.defect?.kind === 'cut_off' && i === 0 ? scene.defect : undefined,
    });
  });

  const backgroundSeed = rng.seed();
  const outlines = subjects.map(({ subject }, i) => objectOutline(subject.object.image, placements[i]!.homography));
  const shortSide = Math.min(...placements.map((p) => Math.min(edge(p.subject[0], p.subject[1]), edge(p.subject[1], p.subject[2]))));
  const [table, shadow, objects] = await Promise.all([
    renderHalfBackground(width, height, { kind: scene.surface, clutter: scene.clutter, seed: backgroundSeed }),
    castShadows(width, height, outlines, {
      angle: scene.shadow.angle, distance: scene.shadow.distance * shortSide, softness: scene.shadow.softness * shortSide, opacity: scene.shadow.opacity,
    }),
    Promise.all(subjects.map(({ subject }, i) => fitForWarp(subject.object.image, placements[i]!.homography))),
  ]);
  // Everything below works on RGB pixels in place, in the order light builds up. The cast
  // shadow is as soft as the table, so it goes on before the table is scaled up.
  applySoftMask(table.data, table.width, table.height, shadow, 0, 2);
  const photo = upscale2x(table.data, table.width, table.height, 3, width, height);
  for (const { image, homography } of objects) drawWarped(photo, width, height, image, homography);
  // The lens and the shake blur the scene before the sensor adds its grain.
  if (scene.blur) await applyCameraBlur(photo, width, height, scene.blur);
  applyLighting(photo, width, height, scene.lighting, rng.seed());
  const defect = scene.defect;
  if (defect?.kind === 'shadow_or_glare') {
    const mask = await lightDefectMask(width, height, placements[0]!.subject, defect);
    applySoftMask(photo, width, height, mask, defect.variant === 'shadow' ? 0 : 255);
  }

  let output = sharp(photo, { raw: { width, height, channels: 3 } });
  if (defect?.kind === 'blurred') output = output.blur(defect.sigma * Math.max(width, height));
  const jpeg = await output.jpeg({ quality: scene.jpegQuality, chromaSubsampling: '4:2:0' }).toBuffer();

  const truth = cardPhotoTruth({
    instance, face, scene, faces: subjects[0]!.subject.faces,
    corners: placements[0]!.subject,
    others: subjects.slice(1).map((s, i) => ({ entryId: s.entryId, face: s.face, corners: placements[i + 1]!.subject })),
  });
  return { jpeg, truth };
}

/** A different card lying beside the subject, loose, mostly face up. */
async function companion(catalog: LoadedCatalog, instance: CardInstance, rng: Rng): Promise<{ subject: CardSubject; entryId: string; face: CardFace }> {
  const others = catalog.cards.filter((c) => c.id !== instance.entryId);
  const entryId = (others.length > 0 ? rng.pick(others) : catalog.cards[0]!).id;
  const other = sampleCardInstance(rng, catalog, { entryId, holder: null, sleeve: false });
  const face: CardFace = rng.chance(0.75) ? 'front' : 'back';
  return { subject: await prepareSubject(catalog, other, face, null), entryId, face };
}

function half(width: number, height: number, index: number): Region {
  return width >= height
    ? { x: (index * width) / 2, y: 0, width: width / 2, height }
    : { x: 0, y: (index * height) / 2, width, height: height / 2 };
}

const edge = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);

export function objectOutline(image: RawImage, homography: Mat3): Point[] {
  const [w, h] = [image.width, image.height];
  return ([[0, 0], [w, 0], [w, h], [0, h]] as Point[]).map((p) => apply(homography, p));
}

/**
 * Shrinks the object to about its size in the photo before warping, adjusting the homography to
 * match: bilinear sampling alone would alias fine print and barcodes when minifying.
 */
export async function fitForWarp(image: RawImage, homography: Mat3): Promise<{ image: RawImage; homography: Mat3 }> {
  const outline = objectOutline(image, homography);
  const magnification = Math.max(edge(outline[0]!, outline[1]!) / image.width, edge(outline[3]!, outline[2]!) / image.width,
    edge(outline[0]!, outline[3]!) / image.height, edge(outline[1]!, outline[2]!) / image.height);
  if (magnification > 0.8) return { image, homography };
  const w = Math.max(8, Math.round(image.width * magnification * 1.15));
  const h = Math.max(8, Math.round(image.height * magnification * 1.15));
  const small = await toRaw(fromRaw(image).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }));
  return { image: small, homography: multiply(homography, [image.width / w, 0, 0, 0, image.height / h, 0, 0, 0, 1]) };
}
