import type { LoadedCatalog } from '@assay/catalog';
import { cardSubgrades, overallCardGrade } from '@assay/cards/scale';
import { resolveFaces, renderFlatFace, type ResolvedFaces } from './card-faces.ts';
import type { CardFace, CardInstance } from './card-instance.ts';
import { wrapCard, type CardObject, type Streak } from './card-object.ts';

/** A card ready to be photographed: its flat object (with sleeve or slab) and what it is made of. */
export interface CardSubject {
  object: CardObject;
  faces: ResolvedFaces;
  grade: number;
}

export async function prepareSubject(catalog: LoadedCatalog, instance: CardInstance, face: CardFace, streak: Streak | null): Promise<CardSubject> {
  const faces = await resolveFaces(catalog, instance);
  const grade = overallCardGrade(cardSubgrades(faces.centering.front, faces.centering.back, instance.wear));
  const flat = await renderFlatFace(faces, instance, face);
  const entry = catalog.cards.find((c) => c.id === instance.entryId)!;
  const { identity } = entry;
  const holder = instance.holder && {
    company: instance.holder.company,
    certificateNumber: instance.holder.certificateNumber,
    grade,
    heading: `${identity.year} ${identity.game}`,
    title: identity.name,
    detail: `#${identity.card_number}${identity.parallel_variant ? ` ${identity.parallel_variant}` : ''}`,
    ...(instance.holder.scratches ? { scratches: instance.holder.scratches } : {}),
  };
  // Reflections need plastic to reflect in.
  const plastic = instance.holder !== null || instance.sleeve;
  const object = await wrapCard(flat, { sleeve: instance.sleeve, holder, side: face, streak: plastic ? streak : null });
  return { object, faces, grade };
}
