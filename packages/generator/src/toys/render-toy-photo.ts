import type { LoadedCatalog, ToyEntry } from '@assay/catalog';
import { apply, type Mat3 } from '../photo/homography.ts';
import type { Point, RawImage } from '../photo/raw-image.ts';
import { placePlane, renderTabletop, sampleTabletopScene, scaleAt, type TabletopLayer, type TabletopScene } from '../photo/tabletop.ts';
import { conditionsTruth, tuningConditions, type ConditionsTruth, type PhotoConditions } from '../photo/conditions.ts';
import type { Rng } from '../random.ts';
import { accessories, cutOut, detailCrop, itemFile, markCloseUp, silhouette, toyColour, type MarkSurface } from './toy-images.ts';

export const toyShots = ['item', 'packaging', 'model_number', 'maker_mark', 'detail', 'accessory'] as const;
export type ToyShot = (typeof toyShots)[number];

export type ToyScene = TabletopScene;

export interface ToyPhotoRequest {
  entryId: string;
  shot: ToyShot;
  /** Which item image (index into the entry's `images.item`) an item or detail shot shows. */
  view: number;
  /** Model-number and maker-mark close-ups: moulded on the toy's base, or printed on the box corner. */
  surface: MarkSurface;
  /** An item shot with a second toy beside the subject. */
  otherEntryId: string | null;
  /** Seeds the crop of a detail shot and the choice of accessories. */
  seed: number;
  scene: ToyScene;
}

/** Ground truth for one toy photo. */
export interface ToyPhotoTruth {
  entry_id: string;
  shot: ToyShot;
  /** The catalog image an item, detail or packaging shot was made from (relative to the entry); null for close-ups and accessories. */
  image: string | null;
  toy_count: 1 | 2;
  /** The other toy in a two-toy photo. */
  other_entry_ids: string[];
  width: number;
  height: number;
  /** The subject object's bounding box in the photo (clockwise from its top-left). */
  corners: [Point, Point, Point, Point];
  /** The other toys' bounding boxes, in the order of other_entry_ids. */
  other_corners: [Point, Point, Point, Point][];
  /** Text printed or moulded legibly in the photo (model numbers, maker marks), line by line. */
  text: string[];
  /** The table, compression, tilt and light it was taken under. */
  conditions: ConditionsTruth;
}

export interface ToyPhoto {
  jpeg: Buffer;
  truth: ToyPhotoTruth;
}

const fills: Record<ToyShot, [number, number]> = {
  item: [0.25, 0.5], packaging: [0.3, 0.6], model_number: [0.35, 0.65], maker_mark: [0.35, 0.65], detail: [0.45, 0.75], accessory: [0.3, 0.55],
};

export function sampleToyScene(rng: Rng, shot: ToyShot, overrides: Partial<ToyScene> = {}, conditions: PhotoConditions = tuningConditions): ToyScene {
  const base = sampleTabletopScene(rng, {}, conditions);
  const closeUp = shot === 'model_number' || shot === 'maker_mark' || shot === 'detail';
  const [lo, hi] = fills[shot];
  return {
    ...base,
    fill: conditions.toyFill(rng, [lo, hi]),
    rotation: conditions.toyRotation(rng, closeUp),
    tilt: conditions.toyTilt(rng),
    clutter: closeUp ? 0 : base.clutter,
    ...overrides,
  };
}

function findToy(catalog: LoadedCatalog, id: string): ToyEntry {
  const entry = catalog.toys.find((t) => t.id === id);
  if (!entry) throw new RangeError(`no toy "${id}" in the catalog`);
  return entry;
}

async function subjectImage(catalog: LoadedCatalog, entry: ToyEntry, request: ToyPhotoRequest): Promise<{ image: RawImage; file: string | null; text: string[] }> {
  switch (request.shot) {
    case 'item': {
      const file = entry.images.item[request.view % entry.images.item.length]!;
      return { image: await cutOut(itemFile(catalog, entry, request.view)), file, text: [] };
    }
    case 'packaging': {
      const file = entry.images.packaging[0];
      if (!file) throw new RangeError(`toy "${entry.id}" has no packaging image`);
      return { image: await cutOut(catalog.entryFile('toys', entry.id, file)), file, text: [] };
    }
    case 'detail': {
      const file = entry.images.item[request.view % entry.images.item.length]!;
      return { image: await detailCrop(await cutOut(itemFile(catalog, entry, request.view)), request.seed), file, text: [] };
    }
    case 'accessory':
      return { image: await accessories(await toyColour(catalog, entry), request.seed), file: null, text: [] };
    case 'model_number': {
      const lines = entry.model_numbers.length > 0 ? entry.model_numbers.slice(0, 2) : ['NO MODEL NUMBER'];
      const text = request.surface === 'box' ? lines.map((l) => (labelled.test(l) ? l : `No. ${l}`)) : lines;
      return { image: await markCloseUp(text, request.surface, await toyColour(catalog, entry), request.seed), file: null, text };
    }
    case 'maker_mark': {
      const lines = entry.maker_marks.length > 0 ? entry.maker_marks.slice(0, 3) : [entry.identity.manufacturer];
      return { image: await markCloseUp(lines, request.surface, await toyColour(catalog, entry), request.seed), file: null, text: lines };
    }
  }
}

/**
 * A model number that carries its own label ("Art. 4312", "#31207", "Kit 07214"): a box prints it
 * as it is, and puts "No." only before a bare number.
 */
const labelled = /^(#|[A-Za-z]+\.?\s+\S)/;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** Renders one photo of a toy (or its packaging, marks, accessories or a detail) on a table. */
export async function renderToyPhoto(catalog: LoadedCatalog, request: ToyPhotoRequest): Promise<ToyPhoto> {
  const { scene } = request;
  const entry = findToy(catalog, request.entryId);
  const subject = await subjectImage(catalog, entry, request);
  const objects: RawImage[] = [subject.image];
  const other = request.shot === 'item' && request.otherEntryId ? findToy(catalog, request.otherEntryId) : null;
  if (other) objects.push(await cutOut(itemFile(catalog, other, 0)));

  // Objects stand side by side on the plane, bottoms aligned; both toys are drawn at one scale.
  const gap = 0.15 * Math.max(...objects.map((o) => o.width));
  const planeHeight = Math.max(...objects.map((o) => o.height));
  let x = 0;
  const offsets = objects.map((o) => {
    const at: Point = [x, planeHeight - o.height];
    x += o.width + gap;
    return at;
  });
  const planeWidth = x - gap;
  const h = placePlane(scene, planeWidth, planeHeight);
  const layers: TabletopLayer[] = objects.map((image, i) => ({ image, toPlane: [1, 0, offsets[i]![0], 0, 1, offsets[i]![1], 0, 0, 1] as Mat3 }));
  const shadows = objects.map((image, i) => silhouette(image).map(([px, py]) => [px + offsets[i]![0], py + offsets[i]![1]] as Point));
  const scale = scaleAt(h, [planeWidth / 2, planeHeight / 2]);
  const jpeg = await renderTabletop(scene, { homography: h, layers, shadows, shadowReference: Math.min(planeWidth, planeHeight) * scale });

  const quad = (image: RawImage, [ox, oy]: Point) =>
    ([[ox, oy], [ox + image.width, oy], [ox + image.width, oy + image.height], [ox, oy + image.height]] as Point[])
      .map((p) => apply(h, p)).map(([px, py]) => [round2(px), round2(py)]) as [Point, Point, Point, Point];
  return {
    jpeg,
    truth: {
      entry_id: entry.id,
      shot: request.shot,
      image: subject.file,
      toy_count: other ? 2 : 1,
      other_entry_ids: other ? [other.id] : [],
      width: scene.width,
      height: scene.height,
      corners: quad(objects[0]!, offsets[0]!),
      other_corners: objects.slice(1).map((o, i) => quad(o, offsets[i + 1]!)),
      text: subject.text,
      conditions: conditionsTruth(scene),
    },
  };
}
