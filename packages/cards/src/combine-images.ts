import { candidatesListed } from '@assay/contract';
import type { WearMeasurements } from './grade/card-scale.ts';
import type { CardRecognition, ImageRecognition } from './card-recognizer.ts';

/**
 * Picks the front (most confident identity) and the back (a recognised back first, then the
 * best-scoring unrecognised one) among a request's images, and gathers what they say together.
 */
export function combineImages(images: ImageRecognition[]): CardRecognition {
  const front = images
    .filter((i) => i.face === 'front' && i.candidates.length > 0)
    .sort((a, b) => b.candidates[0]!.confidence - a.candidates[0]!.confidence)[0];
  const backs = images.filter((i) => i.face === 'back');
  const back = backs.find((i) => i.back !== 'unrecognised' && i.back !== null) ?? backs[0];
  const backGame = back && back.back && back.back !== 'unrecognised' ? back.back.gameId : null;
  return {
    images,
    frontIndex: front?.index ?? null,
    backIndex: back?.index ?? null,
    identity: front?.candidates[0] ?? null,
    runnersUp: front?.candidates.slice(1, 1 + candidatesListed).filter((c) => c.confidence > 0) ?? [],
    backGameId: backGame,
    centering: { front: front?.centering ?? null, back: back?.centering ?? null },
    wear: combineWear(front?.wear ?? null, back?.wear ?? null),
    holder: images.find((i) => i.holder)?.holder ?? null,
  };
}

/** Corners and edges are physical, so the worse of the two faces counts; surface is the front's. */
function combineWear(front: WearMeasurements | null, back: WearMeasurements | null): WearMeasurements | null {
  if (!front || !back) return front ?? back;
  // The back's left/right corners are the front's right/left: mirror them onto the front's corners.
  const [bl, br, bbr, bbl] = back.corners;
  const mirrored = [br, bl, bbl, bbr];
  return {
    corners: front.corners.map((c, i) => Math.max(c, mirrored[i]!)) as WearMeasurements['corners'],
    edges: Math.max(front.edges, back.edges),
    surface: front.surface,
  };
}
