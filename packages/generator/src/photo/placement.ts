import { apply, cameraHomography, type Mat3 } from './homography.ts';
import type { Point } from './raw-image.ts';

/*
 * Where a flat object lands in the photo. The object is scaled so its "subject" (the card inside a
 * sleeve or slab) covers the requested share of the frame, then shrunk and nudged until the whole
 * object fits, as a photographer reframes. A deliberate cut-off then pushes one subject corner out.
 */

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacementRequest {
  objectWidth: number;
  objectHeight: number;
  /** The subject's corners inside the object, clockwise from its top-left. */
  subject: [Point, Point, Point, Point];
  /** Share of the frame area the subject should cover. */
  fill: number;
  /** Centre as fractions of the region. */
  centre: Point;
  rotation: number;
  tilt: Point;
  /** The part of the photo the object should stay inside. */
  region: Region;
  photoWidth: number;
  photoHeight: number;
  /** Push this subject corner outside the photo by `depth` of the subject's diagonal. */
  cutOff?: { corner: number; depth: number };
}

export interface Placement {
  homography: Mat3;
  /** The subject's corners in the photo. */
  subject: [Point, Point, Point, Point];
}

const bounds = (points: Point[]) => ({
  minX: Math.min(...points.map((p) => p[0])), maxX: Math.max(...points.map((p) => p[0])),
  minY: Math.min(...points.map((p) => p[1])), maxY: Math.max(...points.map((p) => p[1])),
});

export function placeObject(request: PlacementRequest): Placement {
  const { objectWidth: w, objectHeight: h, region, photoWidth, photoHeight } = request;
  const [tl, tr, , bl] = request.subject;
  const subjectArea = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]) * Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  const margin = Math.min(region.width, region.height) * 0.03;
  let scale = Math.sqrt((request.fill * photoWidth * photoHeight) / subjectArea);
  let centre: Point = [region.x + request.centre[0] * region.width, region.y + request.centre[1] * region.height];
  const pose = () => cameraHomography({
    objectWidth: w, objectHeight: h, scale, rotation: request.rotation, tilt: request.tilt, centre, focal: Math.max(photoWidth, photoHeight) * 1.1,
  });

  let homography = pose();
  for (let attempt = 0; attempt < 40; attempt++) {
    const box = bounds([[0, 0], [w, 0], [w, h], [0, h]].map((p) => apply(homography, p as Point)));
    const spanX = box.maxX - box.minX;
    const spanY = box.maxY - box.minY;
    const roomX = region.width - 2 * margin;
    const roomY = region.height - 2 * margin;
    if (spanX > roomX || spanY > roomY) {
      scale *= Math.min(roomX / spanX, roomY / spanY) * 0.98;
    } else {
      // The centre only translates the projection, so nudging it moves the box exactly.
      const shiftX = Math.max(0, region.x + margin - box.minX) - Math.max(0, box.maxX - (region.x + region.width - margin));
      const shiftY = Math.max(0, region.y + margin - box.minY) - Math.max(0, box.maxY - (region.y + region.height - margin));
      if (shiftX === 0 && shiftY === 0) break;
      centre = [centre[0] + shiftX, centre[1] + shiftY];
    }
    homography = pose();
  }

  if (request.cutOff) {
    const subject = request.subject.map((p) => apply(homography, p));
    const corner = subject[request.cutOff.corner % 4]!;
    const mid: Point = [(subject[0]![0] + subject[2]![0]) / 2, (subject[0]![1] + subject[2]![1]) / 2];
    const length = Math.hypot(corner[0] - mid[0], corner[1] - mid[1]);
    const d: Point = [(corner[0] - mid[0]) / length, (corner[1] - mid[1]) / length];
    // Distance along d from the corner to the frame edge, then past it.
    const exits = [d[0] > 0 ? (photoWidth - corner[0]) / d[0] : d[0] < 0 ? -corner[0] / d[0] : Infinity, d[1] > 0 ? (photoHeight - corner[1]) / d[1] : d[1] < 0 ? -corner[1] / d[1] : Infinity];
    const push = Math.min(...exits) + request.cutOff.depth * 2 * length;
    centre = [centre[0] + d[0] * push, centre[1] + d[1] * push];
    homography = pose();
  }
  return { homography, subject: request.subject.map((p) => apply(homography, p)) as Placement['subject'] };
}
